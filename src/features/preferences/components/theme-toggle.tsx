/** A header switch between the light and dark themes (persisted). */
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import MoonOutlined from '@ant-design/icons/MoonOutlined';
import SunOutlined from '@ant-design/icons/SunOutlined';
import { useAppDispatch, useAppSelector } from '@/lib/store/store-hooks';
import { selectTheme, themeChanged } from '@/features/preferences/slice/preferences-slice';
import { FormattedMessage, useIntl } from 'react-intl';

/** Toggles the theme. */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectTheme);
  const intl = useIntl();
  return (
    <Tooltip
      title={
        mode === 'dark' ? (
          <FormattedMessage id="preferences.theme.toLight" defaultMessage="Switch to light theme" />
        ) : (
          <FormattedMessage id="preferences.theme.toDark" defaultMessage="Switch to dark theme" />
        )
      }
    >
      <Switch
        aria-label={intl.formatMessage({ id: 'preferences.theme.dark', defaultMessage: 'Dark theme' })}
        checked={mode === 'dark'}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        onChange={(dark) => dispatch(themeChanged(dark ? 'dark' : 'light'))}
      />
    </Tooltip>
  );
}
