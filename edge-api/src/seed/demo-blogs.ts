/**
 * Demo blog posts, written by the demo agents (by email). Plain text, paragraphs separated by
 * a blank line. Each `slug` names its picture under pwa/public/demo/blogs/.
 */
export interface DemoBlog {
  slug: string;
  title: string;
  authorEmail: string;
  paragraphs: readonly string[];
}

export const demoBlogs: readonly DemoBlog[] = [
  {
    slug: 'term-or-savings',
    title: 'Term Life or a Savings Plan: Which One Fits Your Family?',
    authorEmail: 'agent@demo.local',
    paragraphs: [
      'Most families I meet in Dhaka have been sold a savings plan before they ever heard of term life. Savings plans are not bad, but they answer a different question. A term plan answers one question only: if I die tomorrow, will my family manage? It does that for a small premium because it has no savings part.',
      'A savings or endowment plan mixes cover with a deposit. Part of your premium protects your family and part is invested, and at the end of the term you receive the fund with bonuses. The price of that mix is that the same premium buys far less cover.',
      'A simple rule works for most young families: first buy enough term cover to replace about ten years of income, then save separately for goals like a flat or your child’s education. If you prefer the discipline of a policy for saving, an education plan can be that second step.',
      'Whatever you choose, read the sum assured, not only the maturity value. The sum assured is what your family receives when it matters most.',
    ],
  },
  {
    slug: 'how-much-cover',
    title: 'How Much Life Cover Do You Really Need?',
    authorEmail: 'nusrat.jahan@demo.local',
    paragraphs: [
      'The question I hear most is “How much should I buy?” The honest answer is: enough that your family could keep living in the same home, keep the children in the same school, and pay off what you owe.',
      'Start with your yearly income and multiply it by the number of years your family would need support, often until the youngest child finishes university. Add any loans: a home loan, a car loan, money borrowed for a business.',
      'Then subtract what your family already has: savings, a provident fund, gratuity and any cover from your employer. Group cover at work is useful, but it usually ends when you change jobs.',
      'The number you reach may look large. Remember that term cover is inexpensive, and that you can start with part of it today and add more at marriage or the birth of a child.',
      'Review your cover every few years, or whenever your life changes. A plan bought as a single graduate rarely fits a parent of three.',
    ],
  },
  {
    slug: 'child-education',
    title: 'Securing Your Child’s Education in Bangladesh',
    authorEmail: 'nusrat.jahan@demo.local',
    paragraphs: [
      'School fees, coaching, admission forms, books and a university seat: the cost of educating a child has risen faster than most salaries. Parents in every district tell me the same worry: what happens to these plans if something happens to me?',
      'An education plan answers that worry in two ways. It builds a fund that pays out at the stages you choose, such as SSC, HSC and university admission. And it waives the remaining premiums if the paying parent dies, while the payouts still arrive on time.',
      'Start as early as you can. A plan begun when your child is a baby costs much less each month than one begun at ten, because the fund has more years to grow.',
      'Finally, name the child’s other parent or a trusted guardian as nominee, and keep the policy papers where your family can find them.',
    ],
  },
  {
    slug: 'retirement-without-pension',
    title: 'Planning for Retirement When You Have No Pension',
    authorEmail: 'mahmudul.hasan@demo.local',
    paragraphs: [
      'Only a small share of working people in Bangladesh will receive a government or company pension. Shopkeepers, farmers, drivers, freelancers and many private sector employees must build their own income for old age.',
      'The earlier you start, the lighter the load. Setting aside a fixed amount each month from your forties, in a savings plan or a monthly income plan, can give you a steady income from sixty.',
      'Health is the second pillar. Hospital bills are the main reason savings disappear in retirement. A senior plan with hospital cash or critical illness cover protects the savings you worked hard to build.',
      'Talk to your children about your plans too. Many parents hide money worries from their family, and that silence makes planning harder for everyone.',
    ],
  },
  {
    slug: 'probashi-guide',
    title: 'A Probashi’s Guide to Protecting the Family Back Home',
    authorEmail: 'farhana.akter@demo.local',
    paragraphs: [
      'More than ten million Bangladeshis work abroad, and their remittances feed families in every village. Yet very few of them have life cover that works while they are overseas.',
      'When choosing a plan as a migrant worker, check three things: that cover holds in the country where you work, that you can pay premiums from abroad, and that a claim can be settled to your family in Bangladesh without anyone travelling.',
      'Keep your nominee details up to date and share a copy of the policy with your family through a trusted relative. Most delays in claims I have seen came from papers no one could find.',
      'Finally, some plans include repatriation costs. It is not pleasant to think about, but for families who have faced it, this benefit makes a painful time much easier.',
    ],
  },
  {
    slug: 'claim-step-by-step',
    title: 'Filing a Claim Without Stress: A Step-by-Step Guide',
    authorEmail: 'agent@demo.local',
    paragraphs: [
      'A claim usually comes at the hardest moment in a family’s life. Knowing the steps in advance removes much of the stress.',
      'First, tell your agent or the insurer as soon as you can. You do not need every document on the first day; an early call starts the process.',
      'Second, gather the papers: the policy document or its number, the death certificate or hospital reports, the nominee’s NID and a bank or mobile banking account for the payment.',
      'Third, keep copies of everything you hand over and note the date. Your agent can follow the claim in our system and tell you where it stands.',
      'Most clear claims are settled within days. If anything is missing, you will be told exactly what, rather than being sent from desk to desk.',
    ],
  },
  {
    slug: 'honest-health-declaration',
    title: 'Health Declarations: Why Honesty Protects You',
    authorEmail: 'sadia.islam@demo.local',
    paragraphs: [
      'The application form asks about diabetes, blood pressure, heart disease and cancer. It is tempting to tick “None of the Above” to get a lower premium. Please do not.',
      'If a condition is hidden and later comes to light during a claim, the insurer may refuse to pay. The family then loses both the premiums and the protection they counted on.',
      'A declared condition rarely means refusal. It may mean a waiting period or a slightly higher premium, and there are plans made for people living with diabetes or high blood pressure.',
      'Honesty is the cheapest way to make sure your policy pays when it is needed.',
    ],
  },
  {
    slug: 'choosing-a-nominee',
    title: 'Choosing a Nominee: Common Mistakes to Avoid',
    authorEmail: 'rashed.karim@demo.local',
    paragraphs: [
      'The nominee is the person who receives the money when a claim is paid. It is one line on the form, and it is often filled in without much thought.',
      'The most common mistake is naming someone who has since died or with whom ties have broken, and never updating it. Check your nominee whenever your family changes: marriage, the birth of a child, a death.',
      'Another mistake is naming a minor child without a guardian. The money then waits until a court appoints one. Name an adult you trust as guardian, or name your spouse as nominee.',
      'Finally, tell your nominee that the policy exists. A policy nobody knows about is a policy that is never claimed.',
    ],
  },
];
