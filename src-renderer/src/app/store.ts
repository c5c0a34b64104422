import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './apiSlice';
import { endSession } from './session';
import { sessionExpired, sessionSlice } from './sessionSlice';

/** A 401 on a call that carried our token ends the session wherever it happened. */
const sessionListener = createListenerMiddleware();
sessionListener.startListening({
  actionCreator: sessionExpired,
  effect: async (_action, listenerApi) => {
    listenerApi.cancelActiveListeners(); // several calls may fail together; one ending is enough
    await listenerApi.delay(0); // let the failed call settle first, so its caller still sees its error
    (listenerApi.dispatch as AppDispatch)(endSession('expired'));
  },
});

export const store = configureStore({
  reducer: {
    [api.reducerPath]: api.reducer,
    [sessionSlice.reducerPath]: sessionSlice.reducer,
  },
  middleware: (getDefault) => getDefault().prepend(sessionListener.middleware).concat(api.middleware),
});

// refetchOnFocus and refetchOnReconnect need the window's focus and online events.
setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
