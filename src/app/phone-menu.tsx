/**
 * The side menu on a phone: a button in the header that opens it as a drawer from the start
 * edge; choosing a screen (or Escape, or the mask) closes it. Its own chunk, fetched only on
 * phone-sized windows, so the desktop frame does not carry the drawer.
 */
import { useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Menu from 'antd/es/menu';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import type { ItemType } from 'antd/es/menu/interface';
import { useDirection } from '@/lib/i18n/direction';
import { useDeskName } from '@/lib/store/desk-settings-api';

/**
 * @param items the side menu's items (what the role may open).
 * @param selected the key of the screen shown, if it is in the menu.
 */
export default function PhoneMenu({ items, selected }: { items: ItemType[]; selected: string | undefined }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { token } = theme.useToken();
  const deskName = useDeskName(true);
  const intl = useIntl();
  const rtl = useDirection() === 'rtl';
  // A new screen closes the drawer (a link in it was followed, or the back button).
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={intl.formatMessage({ id: 'app.phoneMenu.open', defaultMessage: 'Open menu' })}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        // The side the menu lives on: the start of the line (the right in Arabic).
        placement={rtl ? 'right' : 'left'}
        width={260}
        title={
          // The link colour, as the desktop side menu's title: the brand blue reads too dark on the dark drawer.
          <Typography.Text strong style={{ color: token.colorLink, fontSize: token.fontSizeHeading4 }}>
            {deskName}
          </Typography.Text>
        }
        styles={{ body: { padding: 0 } }}
      >
        <nav aria-label={intl.formatMessage({ id: 'app.nav.main', defaultMessage: 'Main' })}>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={items}
            style={{ borderInlineEnd: 0 }}
            onClick={() => setOpen(false)}
          />
        </nav>
      </Drawer>
    </>
  );
}
