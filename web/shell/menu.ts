import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { IconBuildingFactory2, IconChartBar, IconChartInfographic, IconChecklist, IconDoorExit, IconFileCertificate, IconHome, IconListTree, IconMessageReport, IconSettings, IconSpeakerphone, IconUserEdit, type Icon } from '@tabler/icons-react';
import { ROUTES, type RouteKey } from '#domain/permissions.ts';

/**
 * The sidebar menu (req shell §2.6). An entry shows only when the user holds its route key; a group
 * shows when at least one child does. Add a screen here when its route file exists.
 */
export interface MenuLink {
  kind: 'link';
  to: string;
  title: MessageDescriptor;
  icon: Icon;
  routeKey?: RouteKey;
}

interface MenuGroup {
  kind: 'group';
  id: string;
  title: MessageDescriptor;
  icon: Icon;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export const HOME_PATH = '/dashboard';

const MENU: MenuEntry[] = [
  { kind: 'link', to: HOME_PATH, title: msg`首页`, icon: IconHome },
  { kind: 'link', to: '/cert-flow', title: msg`认证流程管理`, icon: IconFileCertificate, routeKey: ROUTES.certFlowList },
  { kind: 'link', to: '/operations', title: msg`运营看板`, icon: IconChartInfographic, routeKey: ROUTES.operationsDashboard },
  { kind: 'link', to: '/suppliers', title: msg`供应商列表`, icon: IconBuildingFactory2, routeKey: ROUTES.supplierList },
  { kind: 'link', to: '/supplier-inner-edit', title: msg`供应商信息变更`, icon: IconUserEdit, routeKey: ROUTES.supplierInnerEdit },
  { kind: 'link', to: '/supplier-exit', title: msg`供应商退出`, icon: IconDoorExit, routeKey: ROUTES.supplierExit },
  {
    kind: 'group',
    id: 'performance',
    title: msg`供应商绩效`,
    icon: IconChartBar,
    children: [
      { kind: 'link', to: '/performance-plan', title: msg`绩效计划`, icon: IconChartBar, routeKey: ROUTES.performancePlan },
      { kind: 'link', to: '/assessment/review', title: msg`绩效评审`, icon: IconChecklist, routeKey: ROUTES.assessmentReview },
      { kind: 'link', to: '/performance-index', title: msg`绩效指标`, icon: IconListTree, routeKey: ROUTES.performanceIndex },
    ],
  },
  { kind: 'link', to: '/scenario-config', title: msg`场景配置`, icon: IconSettings, routeKey: ROUTES.scenarioConfig },
  { kind: 'link', to: '/announcement-manage', title: msg`公告管理`, icon: IconSpeakerphone, routeKey: ROUTES.announcementManage },
  { kind: 'link', to: '/feedback-manage', title: msg`意见反馈管理`, icon: IconMessageReport, routeKey: ROUTES.feedbackManage },
];

const allowed = (routes: readonly string[], e: MenuLink) => !e.routeKey || routes.includes(e.routeKey);

/** The menu a user with these route keys sees. */
export function visibleMenu(routes: readonly string[], menu: MenuEntry[] = MENU): MenuEntry[] {
  return menu.flatMap((e): MenuEntry[] => {
    if (e.kind === 'link') return allowed(routes, e) ? [e] : [];
    const children = e.children.filter((c) => allowed(routes, c));
    return children.length ? [{ ...e, children }] : [];
  });
}

/** True when nothing but the always-present home entry is left: the menu then reads 'no menu'. */
export function isMenuEmpty(visible: MenuEntry[]): boolean {
  return visible.every((e) => e.kind === 'link' && !e.routeKey);
}
