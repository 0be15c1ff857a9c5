import { Icon, Popup, type SemanticICONS } from 'semantic-ui-react';

/**
 * One small icon button on a page of the strip, its label in a tooltip; the click does not reach
 * the page (which would open it).
 */
export function PageActionButton(props: {
  label: string;
  icon: SemanticICONS;
  testId: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Popup
      content={props.label}
      size="mini"
      inverted
      position="top center"
      trigger={
        <button
          type="button"
          aria-label={props.label}
          data-testid={props.testId}
          disabled={props.disabled}
          onClick={(e) => {
            e.stopPropagation();
            props.onClick();
          }}
        >
          <Icon name={props.icon} />
        </button>
      }
    />
  );
}
