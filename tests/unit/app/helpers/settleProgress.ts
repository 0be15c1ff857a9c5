import NProgress from 'nprogress';

/**
 * Finishes the navigation progress bar and waits for its fade-out timers, so none of them fires
 * after the test environment has removed `document` (nprogress would then throw).
 */
export async function settleProgress(): Promise<void> {
  NProgress.done(true);
  await new Promise((resolve) => setTimeout(resolve, 800));
}
