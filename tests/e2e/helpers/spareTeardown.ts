import { stopSpareOnRecord } from './spareServer';

/** The e2e project's global setup: after the last file, the server started ahead for none is stopped. */
export default function setup(): () => void {
  return () => stopSpareOnRecord(process.pid);
}
