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
  children: ReactNode;
};

/** The frame of a sign-in or sign-up form, with the link that switches between the two. */
export function AuthCard({ title, description, switchLabel, onSwitch, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Card>
      <CardHeader>
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
