import { List, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** The help manual of the header's help link: how the frame works. */
export function HelpPage() {
  return (
    <Stack maw={760}>
      <Title order={3}>
        <Trans>帮助手册</Trans>
      </Title>
      <Text>
        <Trans>本平台用于直采供应商的准入认证与日常管理。</Trans>
      </Text>
      <List spacing="xs">
        <List.Item>
          <Trans>左侧菜单按您的权限显示；如缺少菜单，请联系管理员添加权限。</Trans>
        </List.Item>
        <List.Item>
          <Trans>打开的页面显示为页签；右键页签可刷新、关闭、关闭其他或关闭所有页签，首页页签不可关闭。</Trans>
        </List.Item>
        <List.Item>
          <Trans>拖动菜单右边缘可调整菜单宽度，宽度会被记住。</Trans>
        </List.Item>
        <List.Item>
          <Trans>右上角用户菜单中可切换中英文、进入个人中心或退出登录。</Trans>
        </List.Item>
        <List.Item>
          <Trans>遇到问题可点击页面底部的“意见反馈”。</Trans>
        </List.Item>
      </List>
    </Stack>
  );
}
