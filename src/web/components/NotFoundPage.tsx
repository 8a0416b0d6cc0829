import { Flash, Heading } from '@primer/react';

export function NotFoundPage() {
  return (
    <div className="stack">
      <Heading as="h1">Page not found</Heading>
      <Flash>The page could not be found or you do not have permission to see it.</Flash>
    </div>
  );
}
