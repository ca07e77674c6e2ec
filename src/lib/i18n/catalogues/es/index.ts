/** The Spanish catalogue (DESIGN §8): one JSON file per area of the app, merged; antd's and dayjs's Spanish. */
import antd from 'antd/es/locale/es_ES';
import 'dayjs/locale/es';
import type { Catalogue } from '@/lib/i18n/catalogue-types';
import { matchRefusal } from '@/lib/i18n/refusal-sentences';
import app from '@/lib/i18n/catalogues/es/app.json';
import auth from '@/lib/i18n/catalogues/es/auth.json';
import queue from '@/lib/i18n/catalogues/es/queue.json';
import workspace from '@/lib/i18n/catalogues/es/workspace.json';
import conversation from '@/lib/i18n/catalogues/es/conversation.json';
import requests from '@/lib/i18n/catalogues/es/requests.json';
import admin from '@/lib/i18n/catalogues/es/admin.json';
import errors from '@/lib/i18n/catalogues/es/errors.json';
import account from '@/lib/i18n/catalogues/es/account.json';
import deskAdmin from '@/lib/i18n/catalogues/es/desk-admin.json';
import reports from '@/lib/i18n/catalogues/es/reports.json';
import automations from '@/lib/i18n/catalogues/es/automations.json';

/** Every Spanish message, antd's locale, and the refusals' translations. */
export const catalogue: Catalogue = {
  antd,
  refusals: matchRefusal,
  messages: {
    ...app,
    ...auth,
    ...queue,
    ...workspace,
    ...conversation,
    ...requests,
    ...admin,
    ...errors,
    ...account,
    ...deskAdmin,
    ...reports,
    ...automations,
  },
};
