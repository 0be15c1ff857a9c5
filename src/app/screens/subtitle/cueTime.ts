/** A cue time for the table: M:SS.cc (hours only when there are any). */
export function cueTime(ms: number): string {
  const cs = Math.max(0, Math.floor(ms / 10));
  const h = Math.floor(cs / 360_000);
  const m = Math.floor(cs / 6000) % 60;
  const s = `${String(Math.floor(cs / 100) % 60).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`;
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
