/**
 * A list screen's card (canned replies, ticket fields): the page's `h1` in the card's title bar
 * with the screen's main action beside it — below it when the width runs out (a phone).
 */
import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import { PageTitle } from '@/components/page-title';

/**
 * @param title the page heading's content.
 * @param action the button beside the heading (e.g. "New field").
 */
export function PageCard({ title, action, children }: { title: ReactNode; action: ReactNode; children: ReactNode }) {
  return (
    <Card
      styles={{ title: { whiteSpace: 'normal', overflow: 'visible', paddingBlock: 12 } }}
      title={
        <Flex wrap gap={12} align="center" justify="space-between">
          <PageTitle>{title}</PageTitle>
          {action}
        </Flex>
      }
    >
      {children}
    </Card>
  );
}
