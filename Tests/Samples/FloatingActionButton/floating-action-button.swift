// swift-format-ignore-file
// Source repository: antranapp/SwiftUIMindBlowing (https://github.com/antranapp/SwiftUIMindBlowing)
// Path in repository: SwiftUIMindBlowing/Scenes/MindBlowing/FloatingActionButtonExampleView.swift
// Commit: a5255b63ca874bbd9b95b3eb04290a1d5c3ae3c7
// Licence: MIT License
// Copyright line (repository LICENSE): Copyright (c) 2019 An Tran (https://www.peacemoon.de)
// LICENSE read at the same commit (unchanged at HEAD a6635c779ba9b657e4691400b37d8aeadc9241b5).
// Original file text follows unchanged below this header.

//
//  Copyright © 2019 An Tran. All rights reserved.
//

import SwiftUI

// https://mobile.twitter.com/brownleemarq/status/1190896030562340865
struct FloatingActionButtonExampleView: View {

    @State private var showAllButtons = false

    private var circle: some View {
        Circle()
            .frame(width: 30, height: 30)
            .foregroundColor(.green)
    }

    var body: some View {
        ZStack {
            Group {
                circle
                    .offset(y: showAllButtons ? -90 : 0)

                circle
                    .offset(x: showAllButtons ? -70 : 0, y: showAllButtons ? -70 : 0)

                circle
                    .offset(x: showAllButtons ? -90 : 0)
            }
            .opacity(showAllButtons ? 1 : 0)

            circle
                .onTapGesture {
                    withAnimation(.default) {
                        self.showAllButtons.toggle()
                    }
            }
        }
    }
}


struct FloatingActionButtonExampleDemoView_Previews: PreviewProvider {
    static var previews: some View {
        FloatingActionButtonExampleView()
    }
}

