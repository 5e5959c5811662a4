/** Default gov v1 params in genesis JSON form (upstream x/gov/types/v1/params.go, bond denom stake). */
export function defaultGovParams(bondDenom = 'stake') {
  return {
    min_deposit: [{ denom: bondDenom, amount: '10000000' }],
    max_deposit_period: '172800s',
    voting_period: '172800s',
    quorum: '0.334000000000000000',
    threshold: '0.500000000000000000',
    veto_threshold: '0.334000000000000000',
    min_initial_deposit_ratio: '0.000000000000000000',
    proposal_cancel_ratio: '0.500000000000000000',
    proposal_cancel_dest: '',
    expedited_voting_period: '86400s',
    expedited_threshold: '0.667000000000000000',
    expedited_min_deposit: [{ denom: bondDenom, amount: '50000000' }],
    burn_vote_quorum: false,
    burn_proposal_deposit_prevote: false,
    burn_vote_veto: true,
    min_deposit_ratio: '0.010000000000000000',
  }
}
