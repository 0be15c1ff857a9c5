import './zodJitless';
import './styles/semantic';
import 'nprogress/nprogress.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { currentLanguage } from './i18n';
import { createAppRouter } from './router/router';
import { setToken } from './state/token';

// A token handed over in the real query string (…/home/?token=x#/) is stored like one in the hash
// query, and the URL is cleaned so the token does not stay in the address bar or history.
const outer = new URLSearchParams(window.location.search);
const handedOver = outer.get('token');
if (handedOver) {
  setToken(handedOver);
  window.history.replaceState(null, '', `${import.meta.env.BASE_URL}#/`);
}
document.documentElement.lang = currentLanguage() === 'zh' ? 'zh-CN' : 'en';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
