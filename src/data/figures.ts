/**
 * Marketing figures. The spec's country claims disagree (150+, 120, 40+); they are kept as written,
 * each in one place here.
 */
export const countries = {
  /** Home hero claim. */
  home: '150+',
  /** About, services and stats claim. */
  network: '120',
  /** The feature-card claim. */
  feature: '40+',
} as const;

export interface Stat {
  value: string;
  label: string;
}

export const homeStats: readonly Stat[] = [
  { value: '15.9M', label: 'Shipments monthly' },
  { value: '9.5M', label: 'Items packed' },
];

export const homeFigures: readonly Stat[] = [
  { value: '165+', label: 'Warehouses' },
  { value: '42+', label: 'Active clients' },
  { value: '30+', label: 'Team members' },
  { value: '65+', label: 'Cargo ships' },
];

export const yearsOfExperience = '15';

export const aboutStats: readonly Stat[] = [
  { value: `${yearsOfExperience}+`, label: 'Years of experience' },
  { value: `${countries.network}+`, label: 'Countries served' },
  { value: '5000+', label: 'Happy clients' },
  { value: '10M+', label: 'Deliveries made' },
];
