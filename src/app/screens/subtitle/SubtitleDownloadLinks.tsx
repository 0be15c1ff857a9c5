import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { subtitleDownload, subtitleFileName } from '../../state/subtitle';

/**
 * The 下载 SRT and 下载 ASS links of a finished subtitle task, named after the chosen file;
 * `primary` colours the SRT link where it is the screen's main action.
 */
export function SubtitleDownloadLinks(props: {
  result: { srtUrl: string; assUrl: string };
  fileName: string | undefined;
  testId: string;
  primary?: boolean;
}) {
  const { t } = useTranslation('subtitle');
  const { result, fileName, testId } = props;
  return (
    <>
      <a
        className={props.primary ? 'ui basic primary button' : 'ui basic button'}
        href={subtitleDownload(result.srtUrl)}
        download={subtitleFileName(fileName, 'srt')}
        data-testid={`${testId}-srt`}
      >
        <Icon name="download" />
        {t('downloadSrt')}
      </a>
      <a
        className="ui basic button"
        href={subtitleDownload(result.assUrl)}
        download={subtitleFileName(fileName, 'ass')}
        data-testid={`${testId}-ass`}
      >
        <Icon name="download" />
        {t('downloadAss')}
      </a>
    </>
  );
}
