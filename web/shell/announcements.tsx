import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { IconBell } from '@tabler/icons-react';
import { announcementKeys, announcementPageQuery, markAnnouncementsRead, popUpsLater, unreadCountQuery, type ReaderSide } from '#web/api/announcements.ts';

// The drawer and the pop-up (with pagination, the announcement body and its downloads) load when first
// needed: the bell and its dot are all a page shows at first.
const AnnouncementDrawer = lazy(() => import('./announcement-drawer.tsx'));
const AnnouncementPopUp = lazy(() => import('./announcement-popup.tsx'));

/** Marks announcements read (the bell's mutation, shared by the drawer and the pop-up). */
export type MarkRead = Pick<UseMutationResult<unknown, Error, number[]>, 'mutate' | 'isPending'>;

/**
 * Header bell with the unread dot and count; opens the 460 px announcement drawer, 20 a page (req shell
 * §2.7, §9). Opening an item marks it read; "all read" clears the dot. The first unread pop-up
 * announcement of page 1 shows by itself, once: dismissing it marks it read. Staff and the supplier
 * portal (`side`) use the same bell, each with its own session.
 */
export function AnnouncementBell({ side = 'staff' }: { side?: ReaderSide }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  // Stays mounted once opened, so that closing plays the drawer's transition and the page read is kept.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const unread = useQuery(unreadCountQuery(side)).data ?? 0;
  const firstPage = useQuery(announcementPageQuery(side, 1));
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementKeys.reader(side) });
  const read = useMutation({ mutationFn: (ids: number[]) => markAnnouncementsRead(side, ids), onSettled: refresh });

  const [later, setLater] = useState(() => popUpsLater.isSet(side));
  const popUps = later ? [] : (firstPage.data?.records ?? []).filter((a) => a.isPopUp && !a.isRead);
  const putOff = () => {
    popUpsLater.set(side);
    setLater(true);
  };

  return (
    <>
      <Tooltip label={t`系统公告`}>
        <Indicator color="red" size={16} offset={6} label={unread > 99 ? '99+' : unread} disabled={unread === 0} data-testid="announcement-dot">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => {
              setDrawerUsed(true);
              open();
            }}
            aria-label={t`系统公告`}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {drawerUsed && (
        <Suspense>
          <AnnouncementDrawer side={side} opened={opened} onClose={close} unread={unread} read={read} refresh={refresh} />
        </Suspense>
      )}
      {popUps.length > 0 && (
        <Suspense>
          <AnnouncementPopUp popUps={popUps} side={side} read={read} onLater={putOff} />
        </Suspense>
      )}
    </>
  );
}
