import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";

/**
 * A button that asks first ('Revogar', 'Excluir', 'Apagar dados de teste'): the question, what
 * follows, optional extra fields (`children`), 'Cancelar' and the action.
 */
export function ConfirmButton({
  label,
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  disabled,
  destructive = false,
  icon,
  children,
}: {
  label: string;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  disabled?: boolean;
  destructive?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          className={destructive ? "text-destructive" : undefined}
        >
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{text}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {cancel}
            </Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button
              type="button"
              variant={destructive ? "destructive" : "default"}
              onClick={onConfirm}
            >
              {confirm}
            </Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
