import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLabelBody, Label, UpdateLabelBody } from '../../../shared/api/labels';
import { request } from '../../api/client';
import { labelKeys, labelsApi } from '../../components/projectLabels';

/** Label changes show on every list and sidebar: everything about labels is read again. */
function useInvalidateLabels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: labelKeys.all });
}

export function useCreateLabel(fullPath: string) {
  const invalidate = useInvalidateLabels();
  return useMutation({
    mutationFn: (body: CreateLabelBody) => request<Label>(labelsApi(fullPath), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateLabel(fullPath: string) {
  const invalidate = useInvalidateLabels();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateLabelBody & { id: number }) =>
      request<Label>(`${labelsApi(fullPath)}/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteLabel(fullPath: string) {
  const invalidate = useInvalidateLabels();
  return useMutation({
    mutationFn: (id: number) => request<void>(`${labelsApi(fullPath)}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
