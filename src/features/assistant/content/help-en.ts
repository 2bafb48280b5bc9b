import type { HelpContent } from './help-topics';

const help: HelpContent = {
  general: {
    title: 'Help',
    intro: 'Leadtorget brings leads, marketing and booking together for your organization.',
    tips: [
      'Press ? anywhere to open or close help.',
      'Switch organization at the top of the page; your choice is remembered.',
      'All times are shown in Norwegian time on a 24-hour clock.',
    ],
  },
  auth: {
    title: 'Sign-in',
    intro: 'Sign in with e-mail and password, a one-time link, a text message code or Google.',
    tips: [
      'Forgot your password? Ask for a link to make a new one.',
      'After sign-in we take you to the page you were heading for.',
    ],
  },
  onboarding: {
    title: 'Getting started',
    intro: 'Create your organization, join a marketplace and choose a plan.',
    tips: [
      'The organization number has nine digits.',
      'Tickets are prepaid; on demand charges your card per lead.',
    ],
  },
  marketplace: {
    title: 'The marketplace',
    intro: 'Buy leads from other organizations on the marketplace.',
    tips: ['You see a summary before buying; contact details appear as soon as you buy.'],
  },
  leads: {
    title: 'Leads',
    intro: 'All of your organization’s leads, own and bought.',
    tips: ['Move a lead through new, contacted, quoted, won and lost.'],
  },
  calendars: {
    title: 'Calendars',
    intro: 'Advent-style calendars with a door a day.',
    tips: ['Preview before sharing.'],
  },
  competitions: {
    title: 'Fyllopp',
    intro: 'Team competitions with groups.',
    tips: ['A full group cannot take more.'],
  },
  popups: {
    title: 'Popups',
    intro: 'Popups on your website that collect leads.',
    tips: ['New leads appear under Leads.'],
  },
  checkouts: {
    title: 'Checkouts',
    intro: 'Checkouts and their analytics.',
    tips: ['Open a checkout to see its analytics.'],
  },
  funnels: {
    title: 'Funnels',
    intro: 'Funnels from first click to purchase.',
    tips: ['Edit each step on its own.'],
  },
  forms: {
    title: 'Forms',
    intro: 'Forms that collect enquiries and leads.',
    tips: ['Form answers become leads.'],
  },
  booking: {
    title: 'Booking',
    intro: 'Booking solutions where customers book themselves.',
    tips: ['Weeks start on Monday.'],
  },
  meetings: {
    title: 'Meeting planner',
    intro: 'Plan meetings and share a room.',
    tips: ['A summary follows the meeting.'],
  },
  lifetimeValue: {
    title: 'Lifetime value',
    intro: 'What your customers are worth over time.',
    tips: ['Updated as purchases arrive.'],
  },
  payments: {
    title: 'Payments',
    intro: 'Cards, tickets, credits and receipts for your organization.',
    tips: ['Balances change only after a payment succeeded.'],
  },
};

export default help;
