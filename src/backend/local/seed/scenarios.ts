/**
 * The demo desk's tickets, as stories: who asked what, how staff answered, where it stands.
 * `demo-desk.ts` turns each into a ticket, its conversation and its audit trail, walking the
 * lifecycle table (DESIGN §2) so every seeded ticket is one the app could have produced.
 * The product they talk about, Ledgerly, is invented.
 */
import type { Priority, TicketStatus } from '@/domain/types';

/** Categories of the seeded desk settings; every scenario uses one of them. */
export const SEED_CATEGORIES = ['Billing', 'Technical', 'Account', 'Feature request', 'Other'] as const;

/** One seeded ticket. */
export interface SeedScenario {
  status: TicketStatus;
  /** Index into the demo customers (0–2). */
  customer: 0 | 1 | 2;
  /** Index into the demo staff: 0 and 1 the agents, 2 the admin. */
  staff: 0 | 1 | 2;
  subject: string;
  category: (typeof SEED_CATEGORIES)[number];
  priority: Priority;
  tags: string[];
  /** The request's description: its first public message. */
  description: string;
  /** Staff's first public reply (not used for `new` tickets). */
  reply?: string;
  /** The requester's answer to that reply (for `new`: a second message of their own). */
  answer?: string;
  /** An internal note by staff. */
  note?: string;
  /**
   * Minutes since submission, instead of the status's random age: a ticket whose SLA target
   * falls due soon whenever the demo is opened (DESIGN §10's "Breaching soon").
   */
  createdMinutesAgo?: number;
  /**
   * Hours since its last change, instead of the status's random "last" age: a pending ticket
   * quiet for over 3 days, which the demo desk's reminder time rule acts on at its first pass.
   */
  lastHoursAgo?: number;
}

/** 42 tickets: 8 new, 9 open, 6 pending, 5 on hold, 7 solved, 7 closed. */
export const SEED_SCENARIOS: readonly SeedScenario[] = [
  // --- new ---
  {
    status: 'new',
    customer: 0,
    staff: 0,
    subject: 'Charged twice for the March invoice',
    category: 'Billing',
    priority: 'high',
    tags: ['double-charge'],
    description:
      'Hi, my card statement shows two charges of $49.00 on March 3rd, both for invoice INV-2031. ' +
      'We only have one workspace. Could you refund the duplicate?',
  },
  {
    status: 'new',
    customer: 1,
    staff: 1,
    subject: "Can't log in after changing my email address",
    category: 'Account',
    priority: 'high',
    tags: ['login'],
    description:
      'Yesterday I changed my login email from luis@oldmail.test to this address. Now the app says ' +
      '"account not found" with the new one and "wrong password" with the old one.',
  },
  {
    status: 'new',
    customer: 2,
    staff: 0,
    subject: 'CSV export cuts off at 1,000 rows',
    category: 'Technical',
    priority: 'normal',
    tags: ['export', 'csv'],
    description:
      'When I export the transactions list for Q1 the CSV stops at exactly 1,000 rows, but the screen ' +
      'says there are 1,374. Is there a limit I can raise?',
    answer: 'Quick update: the XLSX export stops at 1,000 rows too.',
  },
  {
    status: 'new',
    customer: 0,
    staff: 1,
    subject: 'How do I add a second admin to our workspace?',
    category: 'Account',
    priority: 'low',
    tags: ['permissions'],
    description: 'Our bookkeeper needs admin rights while I am on leave next month. Where do I set that up?',
  },
  {
    status: 'new',
    customer: 1,
    staff: 0,
    subject: 'Dark mode for the mobile app',
    category: 'Feature request',
    priority: 'low',
    tags: ['mobile', 'feature-request'],
    description:
      'The desktop app has a dark theme but the Android app does not. I do most of my invoicing in the ' +
      'evening — any plans to add it?',
  },
  {
    status: 'new',
    customer: 2,
    staff: 1,
    subject: 'Invoice PDF shows the wrong VAT number',
    category: 'Billing',
    priority: 'normal',
    tags: ['vat', 'invoices'],
    description:
      'The PDFs you send us still show our old VAT number (ending 4410). We updated it in Settings → ' +
      'Company two weeks ago. Our accountant needs corrected copies for February.',
  },
  {
    status: 'new',
    customer: 0,
    staff: 0,
    subject: 'Webhook deliveries failing with 401',
    category: 'Technical',
    priority: 'urgent',
    // Urgent counts calendar hours (30 minutes to the first reply): always "Breaching soon".
    createdMinutesAgo: 10,
    tags: ['webhooks', 'api'],
    description:
      'Since about 2am all webhook deliveries to our endpoint fail with 401 Unauthorized. Nothing changed ' +
      'on our side. Payments are not reaching our ERP — please look at this urgently.',
    note: 'Probably last night’s signing-key rotation. Platform team is checking whether old secrets were revoked early.',
  },
  {
    status: 'new',
    customer: 1,
    staff: 1,
    subject: 'Please delete my old test account',
    category: 'Account',
    priority: 'normal',
    tags: ['account-deletion', 'gdpr'],
    description:
      'I created a test account (luis.test@example.test) during our trial. Please delete it and all its ' +
      'data under GDPR article 17.',
  },

  // --- open ---
  {
    status: 'open',
    customer: 2,
    staff: 0,
    subject: 'Sync between desktop and phone stopped working',
    category: 'Technical',
    priority: 'high',
    tags: ['sync', 'mobile'],
    description:
      'Invoices I create on my laptop no longer appear on my phone, and the other way round. The spinner ' +
      'in the corner never stops.',
    reply:
      'Sorry about that, Mei. Could you sign out and back in on both devices, and tell me which app ' +
      'version each one runs (Settings → About)?',
    answer: 'Both are on 4.12.1. Signing out and in did not help — still no sync.',
    note: 'Same symptoms as the sync-token expiry bug in 4.12. Asked platform whether a forced token refresh is safe.',
  },
  {
    status: 'open',
    customer: 0,
    staff: 1,
    subject: 'Discount code SPRING24 is rejected at checkout',
    category: 'Billing',
    priority: 'normal',
    tags: ['promo', 'checkout'],
    description: 'Your newsletter offered 20% off with SPRING24, but checkout says "code not valid for this plan".',
    reply:
      'Thanks for flagging it, Dana. SPRING24 applies to annual plans only. Are you switching to annual, or ' +
      'staying monthly?',
    answer: 'I am switching to annual — that is exactly the plan I picked when it failed.',
  },
  {
    status: 'open',
    customer: 1,
    staff: 0,
    subject: 'Two-factor codes arrive too late',
    category: 'Account',
    priority: 'high',
    tags: ['2fa', 'sms'],
    description:
      'SMS codes take 3–5 minutes to arrive, by which time they have expired. I am locked out half the time.',
    reply:
      'That is frustrating, sorry. While we look into the SMS provider, you can switch to an authenticator ' +
      'app under Security → Two-factor. Which mobile carrier are you on?',
    answer: 'Movistar, in Spain. I will try the authenticator app, but please fix the SMS as well.',
    note: 'Third Movistar report this week. Logged with the SMS gateway as a routing issue.',
  },
  {
    status: 'open',
    customer: 2,
    staff: 1,
    subject: 'Reports page takes over a minute to load',
    category: 'Technical',
    priority: 'normal',
    tags: ['performance', 'reports'],
    description: 'The Reports page has become very slow: 60–90 seconds before anything appears.',
    reply: 'Thanks, Mei. Does it happen for every date range, or only for "All time"?',
    answer: 'Mostly "All time" and "Last 12 months". "This month" is fine.',
  },
  {
    status: 'open',
    customer: 0,
    staff: 2,
    subject: 'Need an invoice addressed to our new company name',
    category: 'Billing',
    priority: 'low',
    tags: ['invoices'],
    description:
      'We renamed from Whitfield Design to Whitfield & Co. Can you reissue last month’s invoice with the new name?',
    reply: 'Congratulations on the new name! I can reissue it. Should the address stay the same?',
    answer: 'Yes, same address. Thank you!',
  },
  {
    status: 'open',
    customer: 1,
    staff: 0,
    subject: 'Calendar integration shows events one hour off',
    category: 'Technical',
    priority: 'normal',
    tags: ['calendar', 'timezone'],
    description: 'Due dates synced to Google Calendar show one hour earlier than in Ledgerly since the clocks changed.',
    reply:
      'Thanks for the detail. Could you check the time zone under Settings → Profile? It should say ' +
      'Europe/Madrid.',
    answer: 'It says Europe/Madrid already.',
    note: 'Reproduced: we send floating times without a zone. Filed with the integrations team.',
  },
  {
    status: 'open',
    customer: 2,
    staff: 1,
    subject: 'API rate limit lower than our plan says',
    category: 'Technical',
    priority: 'high',
    tags: ['api', 'rate-limit'],
    description: 'Our Business plan should allow 600 requests a minute, but we get 429 responses at about 120.',
    reply: 'Thanks, Mei. Which API key are you using — the workspace key or a personal one?',
    answer: 'The personal key of our integration user.',
  },
  {
    status: 'open',
    customer: 0,
    staff: 0,
    subject: "Team member can't see shared projects",
    category: 'Account',
    priority: 'normal',
    tags: ['permissions', 'sharing'],
    description: 'I invited our designer as a member, but the shared projects list is empty for her.',
    reply: 'Could you check whether she accepted the invitation from the same email address you invited?',
    answer: 'She did. She also appears as a member in the team list.',
  },
  {
    status: 'open',
    customer: 1,
    staff: 1,
    subject: 'Bulk import stops at row 212',
    category: 'Technical',
    priority: 'normal',
    tags: ['import', 'csv'],
    description: 'Importing our client list from CSV stops at row 212 with "unexpected value" and no further detail.',
    reply: 'Could you attach the file, or paste rows 210–214? Feel free to blank out personal data.',
    answer: 'Row 212 has a comma inside the company name, in quotes: "Romero, Hijos y Cía".',
    note: 'Quoted commas break the importer. Bug filed; workaround is XLSX import.',
  },

  // --- pending ---
  {
    status: 'pending',
    customer: 2,
    staff: 0,
    subject: 'Refund for unused seats',
    category: 'Billing',
    priority: 'normal',
    tags: ['refund', 'seats'],
    description: 'We removed four seats in the middle of the billing period. Is the unused time refunded?',
    reply:
      'Unused seat time is credited pro rata. Could you confirm the date you removed them so I can check ' +
      'the credit?',
  },
  {
    status: 'pending',
    customer: 0,
    staff: 1,
    subject: 'Push notifications stopped on Android',
    category: 'Technical',
    priority: 'normal',
    tags: ['android', 'notifications'],
    description: 'I no longer get push notifications when a client pays an invoice.',
    reply:
      'Which phone model and Android version do you have? And is battery optimisation turned off for ' +
      'Ledgerly (Settings → Apps → Ledgerly → Battery)?',
  },
  {
    status: 'pending',
    customer: 1,
    staff: 0,
    subject: 'Receipt emails go to spam',
    category: 'Technical',
    priority: 'low',
    tags: ['email', 'deliverability'],
    description: 'Several clients told me our payment receipts land in their spam folder.',
    reply:
      'Could you forward one of those receipts as an attachment (with full headers)? That tells us which ' +
      'check fails.',
    note: 'Customer uses a custom sending domain; suspect a missing DKIM record.',
  },
  {
    status: 'pending',
    customer: 2,
    staff: 2,
    subject: 'Upgrade to annual plan — quote needed',
    category: 'Billing',
    priority: 'normal',
    tags: ['upgrade', 'quote'],
    description: 'Our finance team needs a formal quote before we can switch to an annual plan.',
    reply: 'Happy to prepare one. How many seats should it cover, and who should it be addressed to?',
  },
  {
    status: 'pending',
    customer: 0,
    staff: 1,
    subject: "Error 'Workspace locked' when opening the app",
    category: 'Technical',
    priority: 'urgent',
    tags: ['workspace', 'lockout'],
    description:
      'Nobody on our team can open Ledgerly: every login ends on "Workspace locked". We have invoices due today.',
    reply: 'I am on it. Please send me your workspace ID (it is in the URL after /w/) so I can check the lock.',
    note: 'Lock comes from the failed-payment flow. Will lift as soon as we confirm the workspace.',
  },
  {
    status: 'pending',
    customer: 1,
    staff: 0,
    subject: 'Change the owner of our workspace',
    category: 'Account',
    priority: 'normal',
    tags: ['ownership'],
    // Quiet for over 3 days: "Remind the requester after 3 days pending" acts on it at the first pass.
    lastHoursAgo: 80,
    description: 'Our founder is leaving. Please make me the owner of the workspace.',
    reply:
      'We can do that with written confirmation from the current owner. Could you ask them to reply here, ' +
      'or email us from their account?',
  },

  // --- on hold ---
  {
    status: 'on_hold',
    customer: 2,
    staff: 1,
    subject: 'Bank transfer payment not showing up',
    category: 'Billing',
    priority: 'high',
    tags: ['bank-transfer', 'payments'],
    description: 'A client paid invoice INV-1876 by bank transfer six days ago, but it is still unpaid in Ledgerly.',
    reply:
      'I have escalated this to our payments provider, who handles the bank matching. I will update you as ' +
      'soon as they answer.',
    note: 'Provider case PP-55812 opened; they quote 3–5 business days.',
  },
  {
    status: 'on_hold',
    customer: 0,
    staff: 0,
    subject: 'SSO with Okta fails for new users',
    category: 'Technical',
    priority: 'high',
    tags: ['sso', 'okta'],
    description: 'Existing users sign in with Okta fine, but anyone we added this week gets "invalid SAML response".',
    reply:
      'Thanks for the SAML trace. This looks like an attribute-mapping change on Okta’s side; we are checking with them.',
    note: 'Waiting on Okta support case 01992233 about the new NameID format.',
  },
  {
    status: 'on_hold',
    customer: 1,
    staff: 1,
    subject: 'App crashes on iOS 18 beta when attaching photos',
    category: 'Technical',
    priority: 'normal',
    tags: ['ios', 'crash'],
    description: 'On the iOS 18 beta the app closes as soon as I pick a photo to attach to an expense.',
    reply: 'Thanks, we can reproduce it. It is a problem in the beta’s photo picker and we have reported it to Apple.',
    note: 'Apple feedback FB13920011. Nothing to do on our side until the next beta.',
  },
  {
    status: 'on_hold',
    customer: 2,
    staff: 2,
    subject: 'Tax-exempt status for our nonprofit',
    category: 'Billing',
    priority: 'normal',
    tags: ['tax', 'nonprofit'],
    description: 'We are a registered nonprofit. How do we stop being charged sales tax?',
    reply: 'Thanks for the certificate. Our finance team validates exemptions; I will let you know when it is done.',
    note: 'Certificate forwarded to finance for validation; they batch these on Fridays.',
  },
  {
    status: 'on_hold',
    customer: 0,
    staff: 0,
    subject: 'Domain verification TXT record not detected',
    category: 'Technical',
    priority: 'normal',
    tags: ['dns', 'domains'],
    description: 'I added the TXT record two days ago but the custom domain page still says "not verified".',
    reply: 'Your registrar still serves the old record to some resolvers. I have asked them to flush their cache.',
    note: 'Registrar ticket open; our checker retries every hour.',
  },

  // --- solved ---
  {
    status: 'solved',
    customer: 1,
    staff: 0,
    subject: 'Password reset link expired immediately',
    category: 'Account',
    priority: 'normal',
    tags: ['password-reset'],
    description: 'Every password reset link I receive says "expired" the moment I click it.',
    reply:
      'Your email provider opens links to scan them, which used up the one-time token. I have switched your ' +
      'account to code-based resets — please try again.',
    answer: 'That worked, thank you!',
  },
  {
    status: 'solved',
    customer: 2,
    staff: 1,
    subject: 'Wrong currency on my invoices',
    category: 'Billing',
    priority: 'normal',
    tags: ['currency', 'invoices'],
    description: 'My invoices show USD although my clients are in Japan and I bill in JPY.',
    reply: 'The currency is set per client. I have changed the default for new clients to JPY as well.',
    answer: 'Perfect, the new invoices are in yen now.',
  },
  {
    status: 'solved',
    customer: 0,
    staff: 0,
    subject: 'Cannot upload a logo larger than 1 MB',
    category: 'Technical',
    priority: 'low',
    tags: ['branding', 'uploads'],
    description: 'Our logo is 2.4 MB and the upload fails without a message.',
    reply: 'The limit is 1 MB for logos. An SVG or a 600 px wide PNG looks just as sharp on invoices.',
    answer: 'The SVG works great. Maybe show an error message next time?',
    note: 'Passed the missing error message on to the web team.',
  },
  {
    status: 'solved',
    customer: 1,
    staff: 1,
    subject: 'Slack notifications duplicated',
    category: 'Technical',
    priority: 'normal',
    tags: ['slack', 'notifications'],
    description: 'Every payment notification appears twice in our #finance channel.',
    reply: 'The Slack app was connected twice to your workspace. I removed the older connection.',
    answer: 'Only one message now. Thanks!',
  },
  {
    status: 'solved',
    customer: 2,
    staff: 0,
    subject: "Remove a former employee's access",
    category: 'Account',
    priority: 'high',
    tags: ['offboarding', 'permissions'],
    description: 'Someone who left last week can still sign in. Please remove them right away.',
    reply: 'Done: their sessions are revoked and their seat is removed. Their past work stays in the workspace.',
    answer: 'Confirmed, thank you for the quick help.',
  },
  {
    status: 'solved',
    customer: 0,
    staff: 1,
    subject: 'Printing an invoice cuts off the footer',
    category: 'Technical',
    priority: 'low',
    tags: ['printing', 'invoices'],
    description: 'When I print an invoice from the browser, the bank details in the footer are missing.',
    reply: 'Please use Download PDF and print that; the browser print view does not include the footer.',
    answer: 'Got it, the PDF prints fine.',
  },
  {
    status: 'solved',
    customer: 1,
    staff: 2,
    subject: 'Trial extended by mistake?',
    category: 'Billing',
    priority: 'low',
    tags: ['trial'],
    description: 'My trial says 30 more days although I already subscribed. Will I be charged twice?',
    reply: 'No double charge: the banner was wrong. Your subscription started on the 1st and I have cleared the trial.',
    answer: 'Great, thanks for checking.',
  },

  // --- closed ---
  {
    status: 'closed',
    customer: 0,
    staff: 0,
    subject: 'Card declined when renewing subscription',
    category: 'Billing',
    priority: 'high',
    tags: ['payments', 'renewal'],
    description: 'My renewal failed with "card declined", but the card works everywhere else.',
    reply: 'Your bank asked for 3-D Secure, which renewals cannot show. I sent you a link to confirm the payment once.',
    answer: 'Confirmed through the link — all good.',
  },
  {
    status: 'closed',
    customer: 1,
    staff: 1,
    subject: 'How to export all data before migrating',
    category: 'Technical',
    priority: 'normal',
    tags: ['export', 'migration'],
    description: 'We are moving to a new accounting system. How do we export everything?',
    reply: 'Settings → Data → Full export gives you a ZIP with CSV files for every record type, plus all PDFs.',
    answer: 'Thanks, we have the ZIP.',
  },
  {
    status: 'closed',
    customer: 2,
    staff: 0,
    subject: 'Typo in the welcome email',
    category: 'Other',
    priority: 'low',
    tags: ['email', 'content'],
    description: 'The welcome email says "recieve". Small thing, but our clients see it.',
    reply: 'Good catch — fixed for every email we send from today.',
    answer: 'Thank you!',
  },
  {
    status: 'closed',
    customer: 0,
    staff: 1,
    subject: 'Login page not loading on Safari',
    category: 'Technical',
    priority: 'urgent',
    tags: ['safari', 'login'],
    description: 'The login page is blank in Safari 17. Chrome works.',
    reply: 'A release this morning broke Safari; we rolled it back. Please reload the page.',
    answer: 'It loads again. Thanks for the fast fix.',
    note: 'Root cause: unsupported regex lookbehind in the new bundle. Fixed in the build config.',
  },
  {
    status: 'closed',
    customer: 1,
    staff: 0,
    subject: 'Add PO number to invoices',
    category: 'Billing',
    priority: 'normal',
    tags: ['invoices', 'purchase-order'],
    description: 'One of our clients requires a PO number on every invoice. Is there a field for that?',
    reply: 'Yes: enable "Reference" under Settings → Invoices and it appears on the PDF as "PO number".',
    answer: 'Found it, thanks.',
  },
  {
    status: 'closed',
    customer: 2,
    staff: 1,
    subject: 'Account locked after too many attempts',
    category: 'Account',
    priority: 'high',
    tags: ['login', 'lockout'],
    description: 'I mistyped my password a few times and now the account is locked for 24 hours.',
    reply: 'I have unlocked it after checking the attempts came from your usual location. Please reset your password.',
    answer: 'I am back in. Thanks!',
  },
  {
    status: 'closed',
    customer: 0,
    staff: 2,
    subject: 'Question about data retention policy',
    category: 'Other',
    priority: 'normal',
    tags: ['privacy', 'retention'],
    description: 'How long do you keep invoices after a workspace is deleted?',
    reply: 'We keep them for 30 days so a deletion can be undone, then erase them, backups included after 90 days.',
    answer: 'Clear, thank you.',
  },
];

/** A category of the seeded desk. */
export type SeedCategory = (typeof SEED_CATEGORIES)[number];

/**
 * A request that comes back again and again in the desk's 90 days of history (`history.ts`):
 * each history ticket plays one of these, with its own requester, agent, priority and times.
 * Subjects carry no digits and no "invoice", so searches of the seeded desk that tests make
 * (a ticket number, a subject word) find what they did before the history.
 */
export interface HistoryStory {
  subject: string;
  category: SeedCategory;
  /** The priorities it comes in; each ticket draws one. */
  priorities: readonly Priority[];
  tags: string[];
  /** The request's description: its first public message. */
  description: string;
  /** Staff's first public reply. */
  reply: string;
  /** The requester's answer to a reply that asked something (the ticket is pending meanwhile). */
  answer?: string;
  /** Staff's reply to that answer. */
  followUp?: string;
  /** An internal note by staff, written when the ticket is triaged. */
  note?: string;
}

/** 24 recurring requests, over every category. */
export const HISTORY_STORIES: readonly HistoryStory[] = [
  {
    subject: 'Password reset email never arrives',
    category: 'Account',
    priorities: ['normal', 'high'],
    tags: ['password-reset', 'email'],
    description: 'I asked for a password reset three times this morning and nothing reached my inbox or spam folder.',
    reply:
      'Sorry about that. Could you check whether your mail server blocks no-reply@ledgerly.test? I can see our sends.',
    answer: 'Our IT team found it in quarantine and released it — I am back in.',
    followUp: 'Great to hear. I have also asked them to allow the address, so the next one comes straight through.',
  },
  {
    subject: 'Card payment failed on renewal',
    category: 'Billing',
    priorities: ['high', 'urgent'],
    tags: ['payments', 'renewal'],
    description: 'Our renewal failed overnight and the banner says the workspace will be locked in three days.',
    reply:
      'Your bank asked for a 3-D Secure check, which a renewal cannot show. I have sent you a link to confirm it once.',
    answer: 'Done — the link went through.',
    followUp: 'Thanks, the payment is in and the banner is gone. Nothing will be locked.',
  },
  {
    subject: 'Export to Excel has the wrong date format',
    category: 'Technical',
    priorities: ['low', 'normal'],
    tags: ['export', 'dates'],
    description: 'Dates in the spreadsheet export come out as month/day although our workspace is set to day/month.',
    reply:
      'The export follows your personal language setting, not the workspace one. Settings → Profile → Language, ' +
      'English (UK), fixes it.',
  },
  {
    subject: 'Add a colleague as a bookkeeper',
    category: 'Account',
    priorities: ['low', 'normal'],
    tags: ['permissions', 'seats'],
    description: 'Our external bookkeeper needs to see payments but must not change anything. Which role is that?',
    reply: 'The Viewer role does exactly that: read-only access to payments and reports. Team → Invite → Viewer.',
  },
  {
    subject: 'Mobile app stuck on the loading screen',
    category: 'Technical',
    priorities: ['normal', 'high'],
    tags: ['mobile', 'crash'],
    description: 'Since this morning the Android app shows the logo and never gets past it.',
    reply: 'Thanks for reporting it. Which app version do you have, and does clearing the app cache change anything?',
    answer: 'Version 4.13.0. Clearing the cache made it start again.',
    followUp: 'Good. 4.13.1 fixes the cache problem for good; it is rolling out in the store today.',
    note: 'Known issue in 4.13.0 (stale cache after the schema change). Hotfix 4.13.1 approved.',
  },
  {
    subject: 'Refund for a duplicate payment',
    category: 'Billing',
    priorities: ['normal', 'high'],
    tags: ['refund', 'double-charge'],
    description: 'A client paid the same amount twice by card. How do I give the second payment back?',
    reply: 'Open the second payment, choose Refund, and the money goes back to the card within five working days.',
  },
  {
    subject: 'Suggestion: recurring reminders',
    category: 'Feature request',
    priorities: ['low'],
    tags: ['feature-request', 'reminders'],
    description: 'It would save us time if payment reminders could repeat every week until a client pays.',
    reply:
      'Thanks for the idea! I have added your vote to the request; the team is planning reminders for next quarter.',
  },
  {
    subject: 'Cannot connect our bank account',
    category: 'Technical',
    priorities: ['normal', 'high'],
    tags: ['bank-feed', 'integrations'],
    description: 'The bank connection wizard ends with "provider unavailable" for our business account.',
    reply: 'That bank changed its login flow last week. Could you try once more and tell me the exact time it fails?',
    answer: 'Tried at 10:40, same message.',
    followUp:
      'Thanks — with that time our provider found the failed call and fixed the mapping. Please try once more; ' +
      'it should connect now.',
    note: 'Provider ticket BF-2231: their mapping for this bank broke after its login change.',
  },
  {
    subject: 'Two-factor phone number changed',
    category: 'Account',
    priorities: ['high', 'urgent'],
    tags: ['2fa', 'login'],
    description: 'I got a new phone number and can no longer receive my sign-in codes.',
    reply:
      'For your safety we need to confirm it is you: please reply from your account email with the last four digits ' +
      'of the card on file.',
    answer: 'Sent from my account address: the card ends in 4821.',
    followUp:
      'Thanks, confirmed. Two-factor is reset; you will be asked to set up the new number at your next sign-in.',
  },
  {
    subject: 'Tax rate missing for Canada',
    category: 'Billing',
    priorities: ['normal'],
    tags: ['tax', 'settings'],
    description: 'We started selling to Canada and cannot find GST/HST in the tax list.',
    reply: 'Taxes → Add rate → Country: Canada lists GST, HST and the provincial rates. Pick the ones you charge.',
  },
  {
    subject: 'Team member sees an empty dashboard',
    category: 'Account',
    priorities: ['normal'],
    tags: ['permissions', 'sharing'],
    description: 'A new colleague signs in fine but her dashboard is completely empty.',
    reply: 'She was invited to a second, empty workspace. The workspace switcher at the top left takes her to yours.',
  },
  {
    subject: 'Reports show last month twice',
    category: 'Technical',
    priorities: ['low', 'normal'],
    tags: ['reports', 'bug'],
    description: 'The monthly revenue report lists the previous month twice and the current one not at all.',
    reply: 'Reproduced, sorry. Our engineers are on it. Could you tell me which time zone your workspace uses?',
    answer: 'Europe/Lisbon.',
    followUp: 'Thanks — the fix for zones west of Central Europe is live. Your report shows the right months again.',
  },
  {
    subject: 'Close our second workspace',
    category: 'Account',
    priorities: ['low'],
    tags: ['workspace', 'cancellation'],
    description: 'We merged two teams and no longer need the second workspace. Please close it.',
    reply:
      'I can close it today. Everything in it will be kept for 30 days, in case you change your mind. Shall I go ahead?',
    answer: 'Yes, please go ahead.',
    followUp: 'Done: the workspace is closed and its subscription ends today. You will get a final receipt.',
  },
  {
    subject: 'Payment link opens a blank page',
    category: 'Technical',
    priorities: ['high', 'urgent'],
    tags: ['payments', 'checkout'],
    description: 'Clients tell us our payment links show a white page instead of the card form.',
    reply: 'A checkout release went wrong for some browsers; we have rolled it back. Could you ask a client to retry?',
    answer: 'Two clients paid in the last minutes, it works again.',
    followUp: 'Thanks for confirming, and sorry for the trouble.',
    note: 'Checkout rollback done at the time of the reply; incident report to follow.',
  },
  {
    subject: 'Change the billing email address',
    category: 'Billing',
    priorities: ['low', 'normal'],
    tags: ['billing', 'email'],
    description: 'Receipts for our subscription should go to accounts@ instead of my own address.',
    reply: 'Updated: receipts now go to the accounts address, and you keep a copy as the workspace owner.',
  },
  {
    subject: 'Suggestion: dark theme for reports',
    category: 'Feature request',
    priorities: ['low'],
    tags: ['feature-request', 'design'],
    description: 'The reports page is very bright when the rest of the app is in dark mode.',
    reply: 'Thanks, that is a fair point. I have passed it to our designers with a screenshot.',
  },
  {
    subject: 'Sync with our accounting software stopped',
    category: 'Technical',
    priorities: ['high', 'urgent'],
    tags: ['sync', 'integrations'],
    description: 'Nothing has reached our accounting software since yesterday afternoon. The status says "connected".',
    reply: 'The connection token expired without telling you. I have renewed it; could you press Sync now once?',
    answer: 'Pressed it — everything from yesterday came through.',
    followUp: 'Perfect. We are also fixing the status so an expired token shows as one.',
    note: 'Token expiry not surfaced in the status: bug filed with the integrations team.',
  },
  {
    subject: 'Question about data processing agreement',
    category: 'Other',
    priorities: ['low', 'normal'],
    tags: ['privacy', 'legal'],
    description: 'Our legal team needs your data processing agreement before we add more staff.',
    reply: 'You can download the signed agreement under Settings → Legal. Let me know if your team needs changes.',
  },
  {
    subject: 'Client cannot download their receipt',
    category: 'Billing',
    priorities: ['normal'],
    tags: ['receipts', 'portal'],
    description: 'One of our clients gets "link expired" when she opens her receipt from the email.',
    reply: 'Receipt links last 30 days. I have sent her a fresh one; she can also find all receipts in her portal.',
  },
  {
    subject: 'Login page keeps redirecting',
    category: 'Technical',
    priorities: ['high', 'urgent'],
    tags: ['login', 'browser'],
    description: 'After entering my password the page reloads and asks for it again, over and over.',
    reply: 'This happens when third-party cookies are blocked for our sign-in domain. Which browser do you use?',
    answer: 'Firefox with strict tracking protection.',
    followUp: 'Please add an exception for ledgerly.test under the shield icon; sign-in works with it.',
  },
  {
    subject: 'Question about our plan limits',
    category: 'Other',
    priorities: ['low'],
    tags: ['plans'],
    description: 'How many clients can we have on the Starter plan before we must upgrade?',
    reply: 'Starter has no limit on clients; it limits seats to three and payment links to fifty a month.',
  },
  {
    subject: 'Upgrade the plan mid-month',
    category: 'Billing',
    priorities: ['low', 'normal'],
    tags: ['upgrade', 'plans'],
    description: 'If we upgrade to Business today, do we pay the full month again?',
    reply: 'No: the rest of this month is charged pro rata, and the full Business price starts next month.',
  },
  {
    subject: 'Attachments fail to upload',
    category: 'Technical',
    priorities: ['normal', 'high'],
    tags: ['uploads', 'bug'],
    description: 'Uploading a PDF to an expense fails at about 80 percent with "network error".',
    reply: 'Files over 20 MB fail that way. How big is the PDF?',
    answer: 'It is 26 MB, a scanned contract.',
    followUp: 'That is the cause. Scanning at 200 dpi or compressing it brings it under the limit.',
  },
  {
    subject: 'Welcome email in the wrong language',
    category: 'Other',
    priorities: ['low'],
    tags: ['email', 'content'],
    description: 'Our Spanish clients receive the welcome email in English.',
    reply: 'The language comes from each client’s profile. Set it to Spanish there and new emails follow.',
  },
];
