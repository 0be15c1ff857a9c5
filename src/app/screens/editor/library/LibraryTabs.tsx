/** Left tabs of the editor: 数字人 / 场景 / 音色 (being built). */
export function LibraryTabs() {
  return <div data-testid="library-tabs" />;
}
