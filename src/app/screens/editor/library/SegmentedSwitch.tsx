/** One option of a two- or three-way switch. */
export interface SwitchOption<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A compact segmented switch (公共/私有, 横屏/竖屏, 男声/女声). Each option is a button with
 * data-testid `${testId}-${value}` and aria-pressed / data-active on the chosen one.
 */
export function SegmentedSwitch<T extends string | number>(props: {
  value: T;
  options: SwitchOption<T>[];
  onChange(value: T): void;
  testId: string;
  label: string;
}) {
  return (
    <div className="ps-lib-switch" role="group" aria-label={props.label} data-testid={props.testId}>
      {props.options.map((o) => {
        const active = o.value === props.value;
        return (
          <button
            key={o.value}
            type="button"
            className={active ? 'active' : undefined}
            aria-pressed={active}
            data-active={active}
            data-testid={`${props.testId}-${o.value}`}
            onClick={() => !active && props.onChange(o.value)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
