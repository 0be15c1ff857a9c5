import type { Ref } from 'react';

/**
 * The hidden file input behind an upload button or drop zone: hands over the first chosen file
 * (undefined when the choice was cancelled) and clears itself, so choosing the same file again
 * is seen again.
 */
export function HiddenFileInput(props: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  testId: string;
  id?: string;
  /** Keeps clicks from reaching a clickable parent (the input is clicked from code). */
  stopClicks?: boolean;
  onPick(file: File | undefined): void;
}) {
  return (
    <input
      ref={props.ref}
      id={props.id}
      type="file"
      accept={props.accept}
      hidden
      data-testid={props.testId}
      onClick={props.stopClicks ? (e) => e.stopPropagation() : undefined}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        props.onPick(file);
      }}
    />
  );
}
