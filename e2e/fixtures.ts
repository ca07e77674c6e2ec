/**
 * The journeys' `test`: Playwright's, with every page of the test's browser context watched
 * for Content-Security-Policy violations (serve-dist serves firebase.json's production CSP),
 * so a journey that needs a source the CSP does not allow fails instead of passing quietly.
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, provide) => {
    const violations: string[] = [];
    context.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await provide(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
