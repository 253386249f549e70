import { company } from './company';

/**
 * The company's figures: the one place each is written, each saying what it counts, so no two pages
 * contradict each other. The spec's claims are kept (150+, 120 and 40+ countries; 42+ and 5000+
 * clients); they count different things, and the labels say which.
 */
export interface Stat {
  value: string;
  /** What the figure counts, as the page shows it under the value. */
  label: string;
}

export const yearsOfExperience = '15';

export const figures = {
  partnerCountries: { value: '150+', label: 'Countries in our partner network' },
  directCountries: { value: '120+', label: 'Countries we serve directly' },
  airFreightCountries: { value: '40+', label: 'Countries with our scheduled air freight' },
  contractClients: { value: '42+', label: 'Active contract clients' },
  clientsServed: { value: '5000+', label: `Clients served since ${company.founded}` },
  warehouses: { value: '165+', label: 'Warehouses' },
  team: { value: '30+', label: 'Team members' },
  cargoShips: { value: '65+', label: 'Cargo ships in our fleet and charters' },
  years: { value: `${yearsOfExperience}+`, label: 'Years of experience' },
  deliveries: { value: '10M+', label: `Deliveries made since ${company.founded}` },
  shipmentsMonthly: { value: '15.9M', label: 'Shipments handled monthly' },
  itemsPacked: { value: '9.5M', label: 'Items packed' },
} as const satisfies Record<string, Stat>;

/** Home, section 2: beside the feature cards. */
export const homeStats: readonly Stat[] = [figures.shipmentsMonthly, figures.itemsPacked];

/** Home, section 6: the four-figure strip. */
export const homeFigures: readonly Stat[] = [
  figures.warehouses,
  figures.contractClients,
  figures.team,
  figures.cargoShips,
];

/** About: the company in numbers. */
export const aboutStats: readonly Stat[] = [
  figures.years,
  figures.directCountries,
  figures.clientsServed,
  figures.deliveries,
];

/** The three country figures in one sentence, for pages that mention the network's reach. */
export const reachSentence = `Our partner network reaches ${figures.partnerCountries.value} countries; we serve ${figures.directCountries.value} of them directly and fly scheduled air freight to ${figures.airFreightCountries.value}.`;
