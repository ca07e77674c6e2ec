/**
 * The mail catalogues beyond English (DESIGN §8–§9), for trusted code that writes mail: the Cloud
 * Functions and the local backend's mail server. English is built into `compose.ts`.
 */
import type { MailCatalogue } from '@/domain/mail/compose';
import es from '@/domain/mail/catalogues/es.json';
import ar from '@/domain/mail/catalogues/ar.json';

/** Spanish and Arabic mail texts, by locale. */
export const MAIL_CATALOGUES: Record<'es' | 'ar', MailCatalogue> = { es, ar };
