/**
 * A `data-testid` for props objects antd types without data attributes (a confirm's okButtonProps):
 * spread in, it reaches the DOM like any attribute, without casting the props.
 */
export function tagForTests(testId: string): { 'data-testid': string } {
  return { 'data-testid': testId };
}
