import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './i18n'; // before any component renders, so the first paint is translated
// antd's styles as one stylesheet (the theme's zero-runtime mode, src/app/LocaleProvider.tsx):
// generating them in the page at first use cost about 15% of the renderer's script time.
import 'antd/dist/antd.css';
import './global.css';
import { AppRoutes } from './app/AppRoutes';
import { LocaleProvider } from './app/LocaleProvider';
import { Startup } from './app/Startup';
import { store } from './app/store';
import { watchServerReach } from './app/serverReach';
import { AppCrashBoundary } from './app/resilience/AppCrash';
import { connectLogHost } from './app/log/connectLogHost';
import { workstation } from './host';

// First, so an error while the page starts is on record too.
connectLogHost(workstation);
// Whether the team server answers: reads wait for none while it is away (app/serverReach.ts).
watchServerReach(store.dispatch, workstation);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <LocaleProvider>
        <AppCrashBoundary>
          <Startup>
            <AppRoutes />
          </Startup>
        </AppCrashBoundary>
      </LocaleProvider>
    </Provider>
  </StrictMode>,
);
