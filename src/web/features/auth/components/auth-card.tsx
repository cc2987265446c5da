import type { ReactNode } from "react";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { useDocumentTitle } from "@/web/lib/use-document-title";

type AuthCardProps = {
  title: string;
  description: string;
  switchLabel: string;
  onSwitch: () => void;
  /** Shown above the title (e.g. the e-mail icon after a link was sent). */
  icon?: ReactNode;
  children: ReactNode;
};

/** The frame of a sign-in or sign-up form, with the link that switches between the two. */
export function AuthCard({
  title,
  description,
  switchLabel,
  onSwitch,
  icon,
  children,
}: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Card>
      <CardHeader>
        {icon}
        <CardTitle asChild className="text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      <CardFooter className="justify-center">
        <Button type="button" variant="link" onClick={onSwitch}>
          {switchLabel}
        </Button>
      </CardFooter>
    </Card>
  );
}
