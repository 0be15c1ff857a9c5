import { Progress } from 'semantic-ui-react';

interface Props {
  percent: number;
  /** What shows while the file is being sent, e.g. 上传中 37%. */
  sending: string;
  /** What shows once everything is sent and the server works on it (percent 100). */
  processing: string;
  className: string;
  testId: string;
}

/** An upload's progress bar with its words: the percent while sending, then that the server works. */
export function UploadProgressLine({ percent, sending, processing, className, testId }: Props) {
  return (
    <div className={className} data-testid={testId}>
      <Progress percent={percent} size="tiny" color="blue" active />
      <span>{percent < 100 ? sending : processing}</span>
    </div>
  );
}
