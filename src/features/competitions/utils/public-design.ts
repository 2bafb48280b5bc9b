// The competition's design is the engine's public design (src/lib/public/public-design.ts).
export {
  type PublicDesign as CompetitionDesign,
  publicDesignVariables as competitionDesignVariables,
} from '@/lib/public/public-design';
