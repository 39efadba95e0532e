/**
 * The five-step progress indicator of the AI security designer wizard (public-site.md §2, §8):
 * an ordered list of the steps, each complete, current (aria-current="step") or upcoming, with the
 * step number and title read out to screen readers.
 */
import { Box, HStack, Text } from '@chakra-ui/react';
import { LucideCheck } from 'lucide-react';
import { WIZARD_STEPS } from './wizard-options';

/** The five-step progress indicator. */
export function WizardProgress({ step }: { step: number }) {
  return (
    <Box as="nav" aria-label="Wizard progress">
      <HStack as="ol" gap={{ base: '1', md: '2' }} listStyleType="none" m="0" p="0" align="stretch">
        {WIZARD_STEPS.map((title, i) => {
          const n = i + 1;
          const state = n < step ? 'complete' : n === step ? 'current' : 'upcoming';
          return (
            <Box as="li" key={title} flex="1" aria-current={state === 'current' ? 'step' : undefined} data-state={state}>
              <Box h="1.5" rounded="full" bg={state === 'upcoming' ? 'gray.200' : 'brand.500'} />
              <HStack mt="2" gap="1.5" color={state === 'upcoming' ? 'fg.muted' : 'fg'}>
                <Box
                  as="span"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="6"
                  rounded="full"
                  fontSize="xs"
                  fontWeight="bold"
                  bg={state === 'upcoming' ? 'gray.100' : 'brand.600'}
                  color={state === 'upcoming' ? 'fg.muted' : 'white'}
                  flexShrink={0}
                >
                  {state === 'complete' ? <LucideCheck aria-hidden="true" /> : n}
                </Box>
                <Text
                  fontSize="sm"
                  fontWeight={state === 'current' ? 'semibold' : 'normal'}
                  display={{ base: state === 'current' ? 'block' : 'none', md: 'block' }}
                >
                  <Box as="span" srOnly>
                    {`Step ${n} of 5${state === 'complete' ? ' (completed)' : ''}: `}
                  </Box>
                  {title}
                </Text>
              </HStack>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}
