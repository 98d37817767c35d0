import { type ComponentType, lazy, Suspense } from "react";
import { Loading } from "../components/status/loading";
import { loadAreaTexts } from "../i18n/i18n";

/** Spec §9: a chunk that has not arrived after this long counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

const withinChunkTimeout = <T,>(loading: Promise<T>): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Chunk not loaded after ${CHUNK_TIMEOUT_MS} ms`)), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
};

/**
 * A page whose code is fetched the first time it is shown, so the landing page does not carry every area;
 * the areas' texts come with the first such page. Until both arrive it shows 'Carregando...'; a missing
 * or late chunk is thrown to the route's error boundary, which shows 'An unexpected error has occurred.'.
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  const Page = lazy(() =>
    withinChunkTimeout(Promise.all([load(), loadAreaTexts()])).then(([component]) => ({ default: component })),
  );
  const LazyPage = (props: P) => (
    <Suspense fallback={<Loading />}>
      <Page {...props} />
    </Suspense>
  );
  return LazyPage;
};
