/** The Arabic catalogue (DESIGN §8): one JSON file per area of the app, merged; antd's and dayjs's Arabic. */
import antd from 'antd/es/locale/ar_EG';
import 'dayjs/locale/ar';
import type { Catalogue } from '@/lib/i18n/catalogue-types';
import { matchRefusal } from '@/lib/i18n/refusal-sentences';
import app from '@/lib/i18n/catalogues/ar/app.json';
import auth from '@/lib/i18n/catalogues/ar/auth.json';
import queue from '@/lib/i18n/catalogues/ar/queue.json';
import workspace from '@/lib/i18n/catalogues/ar/workspace.json';
import conversation from '@/lib/i18n/catalogues/ar/conversation.json';
import requests from '@/lib/i18n/catalogues/ar/requests.json';
import admin from '@/lib/i18n/catalogues/ar/admin.json';
import errors from '@/lib/i18n/catalogues/ar/errors.json';
import account from '@/lib/i18n/catalogues/ar/account.json';
import deskAdmin from '@/lib/i18n/catalogues/ar/desk-admin.json';
import reports from '@/lib/i18n/catalogues/ar/reports.json';
import automations from '@/lib/i18n/catalogues/ar/automations.json';

/** Every Arabic message, and antd's locale. */
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
