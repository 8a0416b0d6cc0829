import { BaseStyles } from '@primer/react';
// The next ThemeProvider sets the colour mode without the legacy JavaScript theme (~290 KB of source).
import { ThemeProvider } from '@primer/react/next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Mounts the app on index.html's root. */
export function renderApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider colorMode="day">
        <BaseStyles>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </BaseStyles>
      </ThemeProvider>
    </StrictMode>,
  );
}
