import type { CSSProperties, ReactNode } from "react";
import { SheetContent, Sheet as SheetRoot, SheetTitle } from "./sheet";

/** The sidebar as a drawer on a phone, open (sidebar.tsx renders nothing while it is closed). */
export function MobileSidebar({
  title,
  width,
  onOpenChange,
  children,
}: {
  /** Accessible name of the drawer. */
  title: string;
  width: string;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <SheetRoot open onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground"
        style={{ "--sidebar-width": width } as CSSProperties}
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </SheetRoot>
  );
}
