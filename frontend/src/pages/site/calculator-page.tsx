/**
 * The cost calculator page, /calculator (public-site.md §2 "Cost calculator"). Prerendered with
 * the built-in configuration; prices update in the browser as the controls move.
 */
import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { CostCalculator } from '../../features/calculator/cost-calculator';

/** Route component of `/calculator`. */
export function CalculatorPage() {
  return (
    <Box as="section" py={{ base: '8', md: '14' }} aria-labelledby="calculator-heading">
      <Container maxW="7xl">
        <Heading as="h1" id="calculator-heading" size={{ base: '2xl', md: '3xl' }} mb="2">
          Security System Cost Calculator
        </Heading>
        <Text color="fg.muted" mb={{ base: '6', md: '10' }} maxW="3xl">
          Configure your project and see the cost, the timeline and every line of the estimate at once. Get the itemised quote as a PDF by
          email.
        </Text>
        <CostCalculator />
      </Container>
    </Box>
  );
}
