validate samples/club-championship.rgn samples/king-mate.rgn samples/live-broadcast.rgn samples/promotion-attack.rgn
