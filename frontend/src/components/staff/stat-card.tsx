/** KPI cards of the staff screens (admin dashboard, communications centre). */
import { Box, SimpleGrid, Text } from '@chakra-ui/react';

/** A KPI card: label and value. */
export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Box borderWidth="1px" rounded="lg" p="4" bg="bg.panel" role="group" aria-label={label}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Box>
  );
}

export function StatGrid({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" mb="6">
      {children}
    </SimpleGrid>
  );
}
