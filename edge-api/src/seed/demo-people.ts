/**
 * The demo's people: approved agents (each with the request that made them one) and one
 * account per role. Each agent's `slug` names their portrait under pwa/public/demo/agents/.
 */
import type { Role } from '../db/schema.ts';

export interface DemoAgent {
  slug: string;
  name: string;
  email: string;
  phone: string;
  /** One agent has none, so the optional bio shows its absent state. */
  bio: string | null;
  nid: string;
  district: string;
}

export const demoAgents: readonly DemoAgent[] = [
  {
    slug: 'tanvir-ahmed',
    name: 'Tanvir Ahmed',
    email: 'agent@demo.local',
    phone: '+880 1711 204518',
    bio: 'Eight years helping families in Dhaka choose term and education plans. Answers in Bangla or English, evenings included.',
    nid: '1992261045873',
    district: 'Dhaka',
  },
  {
    slug: 'nusrat-jahan',
    name: 'Nusrat Jahan',
    email: 'nusrat.jahan@demo.local',
    phone: '+880 1819 337642',
    bio: 'Specialist in child education plans and women’s cover. Former school teacher; believes every plan should be explained on one page.',
    nid: '1990151237764',
    district: 'Chattogram',
  },
  {
    slug: 'farhana-akter',
    name: 'Farhana Akter',
    email: 'farhana.akter@demo.local',
    phone: '+880 1912 558013',
    bio: 'Works with Probashi families in Sylhet: cover for workers abroad and quick claim settlement for the family at home.',
    nid: '1988912670451',
    district: 'Sylhet',
  },
  {
    slug: 'mahmudul-hasan',
    name: 'Mahmudul Hasan',
    email: 'mahmudul.hasan@demo.local',
    phone: '+880 1552 761209',
    bio: 'Twelve years in senior and pension-linked plans. Visits clients at home across Rajshahi division.',
    nid: '1979811342096',
    district: 'Rajshahi',
  },
  {
    slug: 'sadia-islam',
    name: 'Sadia Islam',
    email: 'sadia.islam@demo.local',
    phone: '+880 1678 415530',
    bio: 'Helps small business owners in Khulna protect their families and their shops. Chartered insurance diploma holder.',
    nid: '1994472208317',
    district: 'Khulna',
  },
  {
    slug: 'rashed-karim',
    name: 'Rashed Karim',
    email: 'rashed.karim@demo.local',
    phone: '+880 1733 902846',
    bio: null,
    nid: '1985063391728',
    district: 'Barishal',
  },
];

export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
}

/** One account per role, with the demo password. agent@demo.local is also the first agent above. */
export const demoAccounts: readonly DemoAccount[] = [
  { email: 'user@demo.local', name: 'Rahim Uddin', role: 'user' },
  { email: 'agent@demo.local', name: 'Tanvir Ahmed', role: 'agent' },
  { email: 'admin@demo.local', name: 'Shirin Sultana', role: 'admin' },
];
