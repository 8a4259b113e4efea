"""``cr.simulate`` on a real Dask cluster (the ``cacao-rules[dask]`` extra; CI installs it).

A :class:`distributed.LocalCluster` of two worker processes, each with one thread: the
tasks, the lineup (a bot name and a lambda, which Dask's cloudpickle takes) and the results
travel between processes as they would on a cluster of machines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import cacao_rules as cr
from cacao_rules.agents.bots import RandomBot

distributed = pytest.importorskip("distributed")

if TYPE_CHECKING:
    from distributed import Client

CONFIG = cr.Config(players=3, modules={cr.Module.HUTS})


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_results_on_a_dask_cluster_are_the_results_of_this_process(
    client: Client,
) -> None:
    lineup: list[cr.BotSpec] = ["greedy", lambda seed: RandomBot(seed * 7), "random"]
    labels = ["greedy", "seven", "random"]
    here = list(cr.simulate(CONFIG, lineup, 6, seed=21, labels=labels, record=True))
    executor = client.get_executor()  # type: ignore[no-untyped-call]  # untyped in distributed
    there = list(
        cr.simulate(
            CONFIG, lineup, 6, seed=21, labels=labels, record=True, executor=executor, batch=2
        )
    )
    assert sorted(there) == here
    assert [result.record for result in sorted(there)] == [result.record for result in here]
    assert len(client.scheduler_info()["workers"]) == 2
    summary = cr.SimulationSummary.of(there, bots=labels)
    assert [standing.win_rate.played for standing in summary.bots] == [6, 6, 6]
