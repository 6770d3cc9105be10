import { lazy, Suspense, useState } from 'react';
import type { CurrentUser } from '#web/api/auth.ts';
import { UserButton } from './user-button.tsx';

// The dropdown (Mantine's Menu with its Popover, focus trap and positioning) loads when the button is
// first pointed at or focused, and opens at the first click: the shell shows only the button at first.
const loadDropdown = () => import('./user-menu-dropdown.tsx');
const UserMenuDropdown = lazy(loadDropdown);

/** User menu (req shell §2.6): the button, then the dropdown once asked for (user-menu-dropdown.tsx). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const [asked, setAsked] = useState(false);
  const preload = () => void loadDropdown();
  if (!asked) return <UserButton user={user} onPointerEnter={preload} onFocus={preload} onClick={() => setAsked(true)} />;
  return (
    <Suspense fallback={<UserButton user={user} />}>
      <UserMenuDropdown user={user} />
    </Suspense>
  );
}
