import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router-dom';
import controls from '@/components/form-controls.module.css';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { useOrganizations, type Membership } from '@/lib/account/api/get-organizations';
import { invalidateAccountFacts } from '@/lib/account/api/refresh-account-facts';
import { storeLastOrganization } from '@/lib/account/api/store-last-organization';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { matchingOrganizations } from './shell-text';
import styles from './switcher.module.css';

/** Stores the choice, refreshes the account facts, and lets the guards and loaders run again. */
function useSwitchOrganization() {
  const session = useSession();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return async (organizationId: string) => {
    if (!session) return;
    await storeLastOrganization(session.user.id, organizationId);
    await invalidateAccountFacts(queryClient);
    // The guards and the screen's loaders run again for the new organization.
    await revalidator.revalidate();
  };
}

/**
 * The organization switcher: a button that opens a searchable list (combobox + listbox). Typing
 * filters, the arrows move, Enter picks, Escape closes and gives the focus back to the button.
 * «Opprett organisasjon» inside it leads to the create flow.
 */
export function OrganizationSwitcher() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const current = useCurrentOrganization();
  const memberships = useOrganizations().data?.memberships ?? [];
  const switchTo = useSwitchOrganization();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = matchingOrganizations(memberships, query);
  const activeIndex = Math.min(active, matches.length - 1);

  function openChange(next: boolean) {
    setOpen(next);
    setQuery('');
    const currentIndex = memberships.findIndex((m) => m.organizationId === current?.organizationId);
    setActive(Math.max(currentIndex, 0));
  }

  function pick(membership: Membership | undefined) {
    if (!membership) return;
    openChange(false);
    if (membership.organizationId !== current?.organizationId) void switchTo(membership.organizationId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex >= last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex <= 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(matches[activeIndex]);
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger className={styles.trigger}>
        <span className="visually-hidden">{t('switchOrganization')}: </span>
        <span className={styles.triggerName}>{current?.name ?? tCommon('noOrganization')}</span>
        <ChevronsUpDown aria-hidden="true" className={styles.triggerIcon} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.content} align="start" sideOffset={4} collisionPadding={8}>
          <input
            className={controls.control}
            type="text"
            role="combobox"
            aria-label={t('searchOrganizations')}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches.length ? optionId(activeIndex) : undefined}
            placeholder={t('searchOrganizations')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
          />
          <ul id={listId} role="listbox" aria-label={t('organizations')} className={styles.list}>
            {matches.map((membership, index) => {
              const isCurrent = membership.organizationId === current?.organizationId;
              return (
                // The input keeps the focus (aria-activedescendant); a click picks like Enter.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={membership.organizationId}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={styles.option}
                  onMouseMove={() => setActive(index)}
                  onClick={() => pick(membership)}
                >
                  <span className={styles.optionName}>{membership.name}</span>
                  {isCurrent ? (
                    <>
                      <Check aria-hidden="true" className={styles.check} />
                      <span className="visually-hidden"> ({t('currentOrganization')})</span>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {matches.length === 0 ? (
            <p role="status" className={styles.noMatch}>
              {t('noMatchingOrganization')}
            </p>
          ) : null}
          <Link className={styles.create} to={paths.organizationCreate} onClick={() => openChange(false)}>
            <Plus aria-hidden="true" />
            {t('createOrganization')}
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
