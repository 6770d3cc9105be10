import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", Roboto, sans-serif',
  components: {
    // A badge carries a status or a name people read whole: a table column never squeezes it into
    // an ellipsis (English statuses are long), the column grows or the table scrolls instead.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});
