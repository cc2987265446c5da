import type {
  CreateStaffInvitation,
  SaveLocation,
  StaffInvitationSignUp,
  UpdateTeamMember,
} from "@shared/team.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { teamKeys, teamMutations } from "./keys";

/** /equipe: the members, the invitations still open and the shops. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.team(),
    queryFn: ({ signal }) => api.get("/api/team", { signal }),
  });

/** The activity list: per member per day, today's unusual stamps flagged. */
export const teamActivityQueryOptions = (days: number) =>
  queryOptions({
    queryKey: teamKeys.activity(days),
    queryFn: ({ signal }) => api.get("/api/team/activity", { params: { query: { days } }, signal }),
  });

/** /equipe/convite: the invitation behind an e-mailed link (public). */
export const staffInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) =>
      api.get("/api/team/invitations/by-token/{token}", { params: { path: { token } }, signal }),
    enabled: token.length >= 20,
    retry: false,
  });

function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

/** 'Convidar': an e-mail with a link to join the team. */
export function useInviteStaff() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (input: CreateStaffInvitation) =>
      api.post("/api/team/invitations", { body: input }),
    onSuccess: invalidate,
  });
}

/** 'Reenviar': a new link and expiry (counted in the day's invitations). */
export function useResendStaffInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api.post("/api/team/invitations/{id}/resend", { params: { path: { id } } }),
    onSettled: invalidate,
  });
}

/** 'Cancelar': the link stops working. */
export function useCancelStaffInvitation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete("/api/team/invitations/{id}", { params: { path: { id } } }),
    onSettled: invalidate,
  });
}

/** A member's role or shop. */
export function useUpdateMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationKey: teamMutations.updateMember,
    mutationFn: ({ id, input }: { id: string; input: UpdateTeamMember }) =>
      api.patch("/api/team/members/{id}", { params: { path: { id } }, body: input }),
    onSettled: invalidate,
  });
}

/** 'Remover': out of the team, their sessions ended. */
export function useRemoveMember() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationKey: teamMutations.removeMember,
    mutationFn: (id: string) => api.delete("/api/team/members/{id}", { params: { path: { id } } }),
    onSettled: invalidate,
  });
}

export function useCreateLocation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (input: SaveLocation) => api.post("/api/team/locations", { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateLocation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SaveLocation }) =>
      api.patch("/api/team/locations/{id}", { params: { path: { id } }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteLocation() {
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete("/api/team/locations/{id}", { params: { path: { id } } }),
    onSettled: invalidate,
  });
}

/** /equipe/convite without an account: creates it, joins the team and signs in. */
export function useStaffSignUp() {
  return useMutation({
    mutationKey: teamMutations.signUp,
    mutationFn: (input: StaffInvitationSignUp) =>
      api.post("/api/team/invitations/sign-up", { body: input }),
  });
}

/** /equipe/convite signed in as the invited e-mail: joins the team. */
export function useAcceptStaffInvitation() {
  return useMutation({
    mutationKey: teamMutations.accept,
    mutationFn: (token: string) => api.post("/api/team/invitations/accept", { body: { token } }),
  });
}
