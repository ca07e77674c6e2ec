/**
 * The antd components of the signed-in frame and its most visited screens (the queue, a ticket,
 * a request), each rendered once in the shapes the app uses, for the build's style extraction
 * alone (src/app/prerender.tsx; DESIGN §12): their styles then come with index.html's static CSS,
 * and antd takes them as present instead of computing and injecting them on the main thread at
 * start. Never shown. A component missing here still works: antd computes its styles at runtime.
 */
import AntApp from 'antd/es/app';
import Alert from 'antd/es/alert';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Dropdown from 'antd/es/dropdown';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';

/** The text every sample component shows (never seen: the sheet is rendered at build time only). */
const SAMPLE = 'a';

/** See the file's comment. */
export function SignedInStyleSheet() {
  return (
    <AntApp>
      <Layout>
        <Layout.Sider collapsible breakpoint="lg">
          <Menu mode="inline" selectedKeys={['a']} items={[{ key: 'a', label: 'a' }]} />
        </Layout.Sider>
        <Layout>
          <Layout.Header />
          <Layout.Content>
            <Flex gap="small" wrap>
              <Space wrap>
                <Button type="primary">{SAMPLE}</Button>
                <Button>{SAMPLE}</Button>
                <Button type="text">{SAMPLE}</Button>
                <Button type="link">{SAMPLE}</Button>
                <Button danger>{SAMPLE}</Button>
                <Button size="small">{SAMPLE}</Button>
              </Space>
              <Typography.Title level={4}>{SAMPLE}</Typography.Title>
              <Typography.Text type="secondary">{SAMPLE}</Typography.Text>
              <Typography.Paragraph ellipsis>{SAMPLE}</Typography.Paragraph>
              <Input.Search allowClear />
              <Input />
              <Input.TextArea />
              <Select value="a" options={[{ value: 'a', label: 'a' }]} />
              <Select mode="multiple" value={['a']} options={[{ value: 'a', label: 'a' }]} />
              <Segmented options={['a', 'b']} />
              <Tag color="red">{SAMPLE}</Tag>
              <Tag>{SAMPLE}</Tag>
              <Tooltip title={SAMPLE}>
                <span>{SAMPLE}</span>
              </Tooltip>
              <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
                <span>{SAMPLE}</span>
              </Dropdown>
              <Avatar>{SAMPLE}</Avatar>
              <Switch />
              <Checkbox>{SAMPLE}</Checkbox>
              <Alert type="info" message={SAMPLE} />
              <Card size="small">{SAMPLE}</Card>
              <Skeleton active />
              <Spin />
              <Empty />
            </Flex>
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}
