import type { ReactNode } from 'react';

/**
 * A row of tabs (role tablist), the active one marked `active`; each tab's test id is
 * `<testIdPrefix>-<key>`.
 */
export function TabStrip<K extends string>(props: {
  className: string;
  tabs: readonly { key: K; label: ReactNode }[];
  active: K;
  testIdPrefix: string;
  onPick(key: K): void;
}) {
  return (
    <div className={props.className} role="tablist">
      {props.tabs.map((x) => (
        <button
          key={x.key}
          type="button"
          role="tab"
          aria-selected={props.active === x.key}
          data-active={props.active === x.key}
          className={props.active === x.key ? 'active' : undefined}
          data-testid={`${props.testIdPrefix}-${x.key}`}
          onClick={() => props.onPick(x.key)}
        >
          {x.label}
        </button>
      ))}
    </div>
  );
}
