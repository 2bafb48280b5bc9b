// Hand-written in the shape of `supabase gen types typescript` until the schema lands
// (issue 4); `npm run db:types` will overwrite this file with generated types.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

type Relationship = {
  foreignKeyName: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
};

type Table<Row, Required extends keyof Row = never, Relationships extends Relationship[] = []> = {
  Row: Row;
  Insert: Partial<Row> & Pick<Row, Required>;
  Update: Partial<Row>;
  Relationships: Relationships;
};

export type MarketplacePlan = 'on_demand' | 'tickets';
export type OrganizationRole = 'owner' | 'admin' | 'member';

export type Database = {
  public: {
    Tables: {
      profiles: Table<{ id: string; name: string; img: string | null }, 'id' | 'name'>;
      users_configs: Table<{ id: string; last_organization_selected_id: string | null }, 'id'>;
      organizations: Table<{ id: string; name: string; owner_id: string }, 'name' | 'owner_id'>;
      organizations_members: Table<
        { organization_id: string; member_id: string; role: OrganizationRole },
        'organization_id' | 'member_id',
        [
          {
            foreignKeyName: 'organizations_members_organization_id_fkey';
            columns: ['organization_id'];
            isOneToOne: false;
            referencedRelation: 'organizations';
            referencedColumns: ['id'];
          },
        ]
      >;
      organizations_payments: Table<{ id: string; tickets: number; credits: number }, 'id'>;
      organizations_payments_config: Table<{ id: string; stripe_customer_id: string | null }, 'id'>;
      marketplaces: Table<{ id: string; owner_id: string; name: string }, 'owner_id' | 'name'>;
      marketplaces_organizations: Table<
        { marketplace_id: string; organization_id: string },
        'marketplace_id' | 'organization_id'
      >;
      marketplaces_urls: Table<{ url: string; marketplace_id: string }, 'url' | 'marketplace_id'>;
      organizations_marketplaces_configs: Table<
        { id: string; organization_id: string; marketplace_id: string; plan: MarketplacePlan | null },
        'organization_id' | 'marketplace_id'
      >;
    };
    Views: Record<never, never>;
    Functions: {
      is_organization_member: { Args: { input_organization_id: string }; Returns: boolean };
      organizations_payments_email_insert: {
        Args: { input_organization_id: string; input_email: string };
        Returns: undefined;
      };
    };
    Enums: { marketplace_plan: MarketplacePlan; organization_role: OrganizationRole };
    CompositeTypes: Record<never, never>;
  };
};
