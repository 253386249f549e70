import { company } from './company';
import { figures } from './figures';

export interface Question {
  question: string;
  answer: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  questions: readonly Question[];
}

/** The five questions on the services page (also the first group of the FAQ page). */
export const servicesFaq: readonly Question[] = [
  {
    question: 'How do I get a quote for my shipment?',
    answer: `Fill in the quote form on our home page or call ${company.phone}. Tell us the weight, size, origin and destination, and we reply within one business day.`,
  },
  {
    question: 'What items are prohibited from shipping?',
    answer:
      'Explosives, flammable liquids and gases, illegal drugs, weapons and ammunition, live animals, cash and counterfeit goods. Some countries restrict more; ask us before you book.',
  },
  {
    question: 'How can I track my shipment?',
    answer:
      'Enter your tracking number (NEC followed by nine letters or digits) on the Track page. You see the current status, every step so far and the destination.',
  },
  {
    question: 'Do you offer insurance for valuable items?',
    answer:
      'Yes. Cargo insurance covers the declared value of your goods against loss and damage; add it when you book.',
  },
  {
    question: 'Can you build a custom solution for my business?',
    answer: `Yes. Our team designs warehousing, distribution and international shipping plans for businesses of every size. Write to ${company.emails.sales}.`,
  },
];

export const faqGroups: readonly FaqGroup[] = [
  { id: 'services', title: 'Services and quotes', questions: servicesFaq },
  {
    id: 'tracking',
    title: 'Tracking',
    questions: [
      {
        question: 'Where do I find my tracking number?',
        answer:
          'On your receipt and in the confirmation email we send when the shipment is booked. It starts with NEC.',
      },
      {
        question: 'Why does my tracking number show "No shipment found"?',
        answer:
          'Check for typing mistakes (the letter O and the digit 0 are easy to swap). New shipments appear within a few hours of pickup. If it still does not show, contact us.',
      },
      {
        question: 'How often is tracking updated?',
        answer: 'Every time your shipment is scanned: at pickup, at each hub, at customs and at delivery.',
      },
      {
        question: 'Can I share my tracking page?',
        answer: 'Yes. After a lookup the page address contains your tracking number; copy it and send it to anyone.',
      },
    ],
  },
  {
    id: 'customs',
    title: 'Customs',
    questions: [
      {
        question: 'Who pays customs duties and taxes?',
        answer:
          'Usually the recipient, unless the shipment is booked as "delivered duty paid". We tell you the expected charges before you ship.',
      },
      {
        question: 'What documents do I need for an international shipment?',
        answer:
          'A commercial invoice and, for some goods, a certificate of origin or licence. Our documentation service prepares them for you.',
      },
      {
        question: 'Why is my shipment on hold at customs?',
        answer:
          'Customs may need a document, a payment or an inspection. We contact you or the recipient as soon as the authority tells us what it needs.',
      },
    ],
  },
  {
    id: 'claims',
    title: 'Claims',
    questions: [
      {
        question: 'My shipment arrived damaged. What should I do?',
        answer:
          'Keep the packaging, take photos and report it within 7 days of delivery by email to our support team, with your tracking number.',
      },
      {
        question: 'How long does a claim take?',
        answer:
          'Most claims are decided within 30 days of receiving all documents; insured shipments are paid within 10 business days after approval.',
      },
      {
        question: 'What if my shipment is lost?',
        answer:
          'If a shipment has not moved for 10 business days we open a trace. If it is not found, we refund the shipping charge and settle the declared value under your cover.',
      },
    ],
  },
  {
    id: 'prohibited',
    title: 'Prohibited and restricted items',
    questions: [
      {
        question: 'Can I ship batteries?',
        answer:
          'Lithium batteries installed in equipment can travel by road and sea; loose batteries and air shipments need special packing and labels. Ask us first.',
      },
      {
        question: 'Can I ship food or medicine?',
        answer: `Sealed, non-perishable food and prescription medicine can travel to many of the ${figures.directCountries.value} countries we serve directly, with the right declarations. Perishables need our refrigerated service.`,
      },
      {
        question: 'What happens if I ship a prohibited item?',
        answer:
          'The shipment is stopped and returned at the sender\u2019s cost, or handed to the authorities where the law requires it.',
      },
    ],
  },
];
