/**
 * The jobs of one lead or campaign (PDF estimates, emails, SMS, staff notifications, a campaign's
 * fan-out) in its staff panel: state, attempts, latest error, and Retry for a failed one. Staff
 * find a job by the record it belongs to rather than by queue and id; the job dashboard
 * (/admin/queues) has the rest.
 *
 * GET /api/leads/{id}/jobs or /api/campaigns/{id}/jobs → `{jobs}`; POST /api/jobs/{queue}/{id}/retry.
 * The list refreshes every 5 s while a job is still pending, and after a retry.
 */
import { Badge, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { recordJobsResponseSchema, jobSummarySchema, type JobSummary } from '@ironclad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../ui/toaster';

export type JobOwner = { kind: 'lead' | 'campaign'; id: number };

/** Refresh interval while a job of the record is still waiting or running (ms). */
const PENDING_REFRESH_MS = 5000;

const recordJobsKey = (owner: JobOwner) => ['record-jobs', owner.kind, owner.id] as const;
const path = (owner: JobOwner) => `/api/${owner.kind === 'lead' ? 'leads' : 'campaigns'}/${owner.id}/jobs`;

const PENDING = new Set<JobSummary['state']>(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** What the job does, in staff words, from its queue and job name. */
export function jobLabel(job: Pick<JobSummary, 'queue' | 'name'>): string {
  if (job.queue === 'pdf') return job.name === 'EstimateEmail' ? 'PDF estimate email' : 'PDF estimate';
  if (job.queue === 'messages') return 'Email';
  if (job.queue === 'sms') return 'SMS';
  if (job.queue === 'campaigns') return job.name === 'CampaignFanOut' ? 'Campaign fan-out' : 'Campaign sweep';
  if (job.queue === 'notifications') return job.name === 'StaffDigest' ? 'Staff digest' : 'Staff notification';
  return job.name;
}

const STATE_LABEL: Record<JobSummary['state'], { text: string; color: string }> = {
  waiting: { text: 'Waiting', color: 'gray' },
  prioritized: { text: 'Waiting', color: 'gray' },
  'waiting-children': { text: 'Waiting', color: 'gray' },
  delayed: { text: 'Retrying later', color: 'orange' },
  active: { text: 'Running', color: 'blue' },
  completed: { text: 'Done', color: 'green' },
  failed: { text: 'Failed', color: 'red' },
  unknown: { text: 'Unknown', color: 'gray' },
};

/** The record's jobs, refreshed while any is pending. */
export function useRecordJobs(owner: JobOwner) {
  return useQuery({
    queryKey: recordJobsKey(owner),
    queryFn: ({ signal }) => apiRequest('GET', path(owner), { schema: recordJobsResponseSchema, signal }),
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => PENDING.has(j.state)) ? PENDING_REFRESH_MS : false),
  });
}

/** POST /api/jobs/{queue}/{id}/retry, then refreshes the record's jobs. */
export function useRetryJob(owner: JobOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<JobSummary, 'queue' | 'id'>) =>
      apiRequest('POST', `/api/jobs/${encodeURIComponent(job.queue)}/${encodeURIComponent(job.id)}/retry`, { schema: jobSummarySchema }),
    onSuccess: async (job) => {
      notify({ title: 'Job retried', description: `${jobLabel(job)} will run again.`, type: 'success' });
      await qc.invalidateQueries({ queryKey: recordJobsKey(owner) });
    },
    meta: { errorToast: { title: 'Could not retry the job' } },
  });
}

/**
 * The "Jobs" section of a lead's or a campaign's details. `retryClosed`: why failed jobs cannot be
 * retried any more (e.g. the campaign ended, so a retried message would not be sent); the Retry
 * buttons are replaced by that sentence.
 */
export function RecordJobs({ owner, retryClosed }: { owner: JobOwner; retryClosed?: string }) {
  const jobs = useRecordJobs(owner);
  const retry = useRetryJob(owner);
  const headingId = `record-jobs-${owner.kind}-${owner.id}`;
  return (
    <Box mb="4" data-testid="record-jobs" aria-labelledby={headingId} as="section">
      <HStack justify="space-between" mb="1">
        <Heading as="h4" size="sm" id={headingId}>
          Jobs
        </Heading>
        <Button size="xs" variant="ghost" onClick={() => jobs.refetch()} loading={jobs.isFetching} aria-label="Refresh jobs">
          Refresh
        </Button>
      </HStack>
      {jobs.isPending ? (
        <Spinner size="sm" />
      ) : jobs.isError ? (
        <Text fontSize="sm" role="alert">
          Could not load the jobs{jobs.error instanceof Error ? ` (${jobs.error.message})` : ''}.
        </Text>
      ) : jobs.data.jobs.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No jobs in the queues for this {owner.kind}.
        </Text>
      ) : (
        <Stack as="ul" gap="2" fontSize="sm" listStyleType="none">
          {retryClosed && jobs.data.jobs.some((j) => j.state === 'failed') && (
            <Text as="li" color="fg.muted" data-testid="record-jobs-retry-closed">
              {retryClosed}
            </Text>
          )}
          {jobs.data.jobs.map((job) => {
            const state = STATE_LABEL[job.state];
            const retrying = retry.isPending && retry.variables?.id === job.id && retry.variables.queue === job.queue;
            return (
              <Box as="li" key={`${job.queue}:${job.id}`} borderWidth="1px" rounded="md" p="2" data-testid="record-job">
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{jobLabel(job)}</Text>
                    <Badge colorPalette={state.color} data-testid="record-job-state">
                      {state.text}
                    </Badge>
                    <Text color="fg.muted">
                      attempt {Math.min(job.attemptsMade, job.attempts)} of {job.attempts} · {formatDateTime(job.createdAt)}
                    </Text>
                  </HStack>
                  {job.state === 'failed' && !retryClosed && (
                    <Button
                      size="xs"
                      colorPalette="brand"
                      loading={retrying}
                      onClick={() => retry.mutate(job)}
                      aria-label={`Retry ${jobLabel(job)} job ${job.id}`}
                    >
                      Retry
                    </Button>
                  )}
                </HStack>
                {job.failedReason && (
                  <Text
                    color={job.state === 'failed' ? 'red.600' : 'fg.muted'}
                    mt="1"
                    wordBreak="break-word"
                    data-testid="record-job-error"
                  >
                    {job.state === 'failed' ? 'Error' : 'Latest error'}: {job.failedReason}
                  </Text>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
