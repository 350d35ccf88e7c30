"use client";
// "Load more" for cursor-paginated lists: pairs with TanStack Query's useInfiniteQuery
// (`hasNextPage`, `isFetchingNextPage`, `fetchNextPage`).
import { Button } from "@/components/ui/button";

export interface PaginationProps {
  hasMore: boolean;
  loading?: boolean;
  onLoadMore: () => void;
  /** how many rows are shown, for the caption */
  shown?: number;
}

export function Pagination({ hasMore, loading, onLoadMore, shown }: PaginationProps) {
  if (!hasMore && shown === undefined) return null;
  return (
    <div className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <span>{shown !== undefined ? `${shown} shown${hasMore ? "" : " · end of list"}` : null}</span>
      {hasMore ? (
        <Button variant="secondary" size="sm" busy={loading} onClick={onLoadMore}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
