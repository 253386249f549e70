import { company } from './company';

/**
 * The company's figures: the one place each is written, each saying what it counts, so no two pages
 * contradict each other. Each is a number the company can stand behind ("at least"), shown with a "+".
 * They describe one company: some 350 people moving about 90,000 shipments a month
 * (10 million since it was founded), through warehouses, airlines and shipping lines of its partner network.
 */
export interface Stat {
  value: string;
  /** What the figure counts, as the page shows it under the value. */
  label: string;
}

/** A figure with the number behind it, so its agreement with the others can be checked. */
export interface Figure extends Stat {
  count: number;
}

/** Whole years since the company was founded, counted when the site is built. */
export const yearsOfExperience = new Date().getFullYear() - company.founded;

/** "10M+" from ten million and up, "90,000+" below. */
const atLeast = (count: number): string =>
  `${count >= 1_000_000 ? new Intl.NumberFormat('en-US', { notation: 'compact' }).format(count) : count.toLocaleString('en-US')}+`;

const figure = (count: number, label: string): Figure => ({ count, value: atLeast(count), label });

export const figures = {
  partnerCountries: figure(150, 'Countries in our partner network'),
  directCountries: figure(120, 'Countries we serve directly'),
  airFreightCountries: figure(40, 'Countries with our scheduled air freight'),
  contractClients: figure(42, 'Active contract clients'),
  clientsServed: figure(5000, `Clients served since ${company.founded}`),
  partnerWarehouses: figure(165, 'Warehouses in our partner network'),
  team: figure(350, 'Team members'),
  carriers: figure(65, 'Airlines and shipping lines we book with'),
  years: { count: yearsOfExperience, value: String(yearsOfExperience), label: 'Years of experience' },
  deliveries: figure(10_000_000, `Deliveries made since ${company.founded}`),
  shipmentsMonthly: figure(90_000, 'Shipments handled each month'),
  itemsPacked: figure(2_500_000, `Items packed by our teams since ${company.founded}`),
} as const satisfies Record<string, Figure>;

/** The home page's "Freight that moves the world": beside the feature cards. */
export const homeStats: readonly Stat[] = [figures.shipmentsMonthly, figures.itemsPacked];

/** The home page's "Our network in figures": the four-figure strip. */
export const homeFigures: readonly Stat[] = [
  figures.partnerWarehouses,
  figures.contractClients,
  figures.team,
  figures.carriers,
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
