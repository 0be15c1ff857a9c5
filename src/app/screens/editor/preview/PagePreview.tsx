/** The page preview at its real layout: scene, slide, presenter (being built). */
export function PagePreview() {
  return <div data-testid="page-preview" />;
}
