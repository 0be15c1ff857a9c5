import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

/** The navigation progress bar (top of the page). */
export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
